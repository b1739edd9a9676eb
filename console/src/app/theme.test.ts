import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ChakraProvider, defaultConfig } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { slotRecipes, system } from './theme';

/** Every name the console's sources import from '@chakra-ui/react'. */
function chakraImports(dir: string, names = new Set<string>()): Set<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) chakraImports(path, names);
    else if (/\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry))
      for (const m of readFileSync(path, 'utf8').matchAll(
        /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g,
      ))
        for (const name of m[1].split(','))
          names.add(
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0],
          );
  }
  return names;
}

const recipeKey = (component: string) => component[0].toLowerCase() + component.slice(1);

describe('theme', () => {
  const all = defaultConfig.theme?.slotRecipes ?? {};

  it('has the multipart recipe of every Chakra component the console imports', () => {
    const used = [...chakraImports(join(__dirname, '..'))]
      .filter(Boolean)
      .map(recipeKey)
      .filter((key) => key in all);
    expect(used).toEqual(expect.arrayContaining(['dialog', 'tabs', 'table', 'nativeSelect']));
    const missing = used.filter((key) => !system.isSlotRecipe(key));
    expect(missing).toEqual([]);
  });

  it('keeps Chakra’s own definition of each recipe it keeps, and every single-part recipe', () => {
    for (const [key, recipe] of Object.entries(slotRecipes)) expect(recipe).toEqual(all[key]);
    for (const key of Object.keys(defaultConfig.theme?.recipes ?? {}))
      expect(system.isRecipe(key)).toBe(true);
  });

  it('leaves out the recipes of components the console does not use', () => {
    expect(system.isSlotRecipe('datePicker')).toBe(false);
    expect(system.isSlotRecipe('colorPicker')).toBe(false);
  });

  // The built console does not compute Chakra's global CSS (reset, global styles, token
  // variables) at start-up: vite.config.ts drops it from createSystem and app/start.tsx loads
  // chakra-global.css, this CSS as Emotion writes it. UPDATE_CHAKRA_CSS=1 rewrites the file.
  it('ships the global CSS the system writes (chakra-global.css)', () => {
    // Emotion inserts each rule with insertRule (as in the browser): the rules as it passes them.
    const rules: string[] = [];
    const insertRule = jest
      .spyOn(CSSStyleSheet.prototype, 'insertRule')
      .mockImplementation((rule: string) => rules.push(rule) - 1);
    render(createElement(ChakraProvider, { value: system, children: null }));
    insertRule.mockRestore();
    const css = rules.join('\n');
    expect(css).toContain('--chakra-colors-brand-500:#60A694');
    expect(css).toContain('@layer reset{');
    const file = join(__dirname, 'chakra-global.css');
    if (process.env.UPDATE_CHAKRA_CSS === '1') writeFileSync(file, `${css}\n`);
    expect(readFileSync(file, 'utf8')).toBe(`${css}\n`);
  });
});
