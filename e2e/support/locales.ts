import fs from 'node:fs';
import path from 'node:path';

/** The web app's messages in `lang`, as its locale file holds them (callers type them). */
export function messagesIn(lang: string): ReturnType<typeof JSON.parse> {
  const file = path.join(import.meta.dirname, `../../apps/web/src/locales/${lang}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

type Tree = { [key: string]: string | Tree };

/** A message by its dotted key, e.g. `callCentre.dialer.start`; a missing one throws. */
export function message(lang: string, key: string): string {
  const value = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      messagesIn(lang) as Tree,
    );
  if (typeof value !== 'string') throw new Error(`no message ${key} in ${lang}`);
  return value;
}
