/**
 * The theme carries only the multipart recipes the app uses (theme.ts). A Chakra component
 * imported anywhere in the app whose recipe is left out would render unstyled: every
 * component name imported from '@chakra-ui/react' that has a recipe in Chakra's full theme
 * must have it in ours.
 */
import { defaultConfig } from '@chakra-ui/react';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { system } from './theme.ts';

/** Components styled by a recipe of another name. */
const RECIPE_OF: Record<string, string[]> = {
  CloseButton: ['button'],
  IconButton: ['button'],
  InputGroup: ['inputAddon', 'input'],
  Toaster: ['toast'],
  Checkbox: ['checkbox', 'checkmark'],
  RadioGroup: ['radioGroup', 'radiomark'],
};

function chakraImports(dir: string, names = new Set<string>()): Set<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) chakraImports(file, names);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) {
      const source = fs.readFileSync(file, 'utf8');
      for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)) {
        for (const part of (match[1] as string).split(',')) {
          const name = part.trim().split(/\s+as\s+/)[0] as string;
          if (name && !name.startsWith('type ')) names.add(name);
        }
      }
    }
  }
  return names;
}

describe('theme', () => {
  const full = defaultConfig.theme ?? {};
  const styled = (key: string) => Boolean(full.recipes?.[key] || full.slotRecipes?.[key]);

  it('has the recipe of every Chakra component the app imports', () => {
    const imported = chakraImports(path.resolve(__dirname, '../..'));
    expect(imported.has('Dialog')).toBe(true);
    const needed = [...imported].flatMap((name) => RECIPE_OF[name] ?? [name.charAt(0).toLowerCase() + name.slice(1)]).filter(styled);
    expect(needed.length).toBeGreaterThan(20);
    const missing = needed.filter((key) => !system.isRecipe(key) && !system.isSlotRecipe(key));
    expect(missing).toEqual([]);
  });

  it('leaves out the recipes of components the app does not use', () => {
    expect(system.isSlotRecipe('datePicker')).toBe(false);
    expect(system.isSlotRecipe('colorPicker')).toBe(false);
    expect(system.isSlotRecipe('dialog')).toBe(true);
  });
});
