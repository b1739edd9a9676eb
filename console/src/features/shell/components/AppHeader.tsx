import { Link } from 'react-router-dom';
import type { LoggedStatus } from '../../auth/api';
import { SHELL_CLASSES } from '../shellCss';
import { Toolbar } from './Toolbar';
import { TopTabs } from './TopTabs';

/**
 * The bar at the top of the default layout: the product name, the tabs, the toolbar. Plain
 * elements styled by the global classes of shellCss.ts.
 */
export function AppHeader({ me }: { me: LoggedStatus }) {
  return (
    <header className={SHELL_CLASSES.header}>
      <div className={SHELL_CLASSES.bar}>
        <Link to="/sales" aria-label="Reloc, accueil" className={SHELL_CLASSES.home}>
          Reloc
        </Link>
        <TopTabs role={me.role} />
        <p className={SHELL_CLASSES.user} title={me.email}>
          {me.trigram ?? `${me.firstName} ${me.lastName}`}
        </p>
        <Toolbar />
      </div>
    </header>
  );
}
