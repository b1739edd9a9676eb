import { isCurrentTab, type Role, visibleTopTabs } from '@reloc/domain';
import { Link, useLocation } from 'react-router-dom';
import { prefetchRoute } from '../../../app/router';
import { SHELL_CLASSES } from '../shellCss';

/**
 * The top tabs of the role (spec §2); the active one carries aria-current="page". Plain elements
 * styled by the global classes of shellCss.ts.
 */
export function TopTabs({ role }: { role: Role }) {
  const tabs = visibleTopTabs(role);
  const { pathname } = useLocation();
  return (
    <nav aria-label="Navigation principale" className={SHELL_CLASSES.nav}>
      <ul className={SHELL_CLASSES.list}>
        {tabs.map((tab) => (
          <li key={tab.key} className={SHELL_CLASSES.item}>
            <Link
              to={tab.path}
              className={SHELL_CLASSES.tab}
              data-tab={tab.key}
              onPointerEnter={() => prefetchRoute(tab.path)}
              onFocus={() => prefetchRoute(tab.path)}
              aria-current={isCurrentTab(tab, pathname) ? 'page' : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
