import { randomUUID } from 'node:crypto';

/** Zod 4 keeps a schema's definition under `_zod.def`; tests walk it to find fields. */
interface Def {
  type: string;
  shape?: Record<string, Schema>;
  element?: Schema;
  keyType?: Schema;
  valueType?: Schema;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  entries?: Record<string, string>;
  values?: unknown[];
  format?: string;
  defaultValue?: unknown;
}
type Schema = { _zod?: { def: Def } };

const defOf = (schema: unknown): Def | undefined => (schema as Schema | undefined)?._zod?.def;

/**
 * The paths of every string field a JSON body can carry (`name`, `features.0`,
 * `translations.es.name`), through optionals, defaults, pipes, arrays, records, unions and
 * nested objects. Enums are not free text.
 */
export function stringPaths(schema: unknown, prefix: string[] = []): string[][] {
  const def = defOf(schema);
  if (!def) return [];
  switch (def.type) {
    case 'string':
      return [prefix];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([k, s]) => stringPaths(s, [...prefix, k]));
    case 'array':
      return stringPaths(def.element, [...prefix, '0']);
    case 'record': {
      // Keyed by an enum (a language): its first key; else any key.
      const key = sampleOf(def.keyType);
      return stringPaths(def.valueType, [...prefix, typeof key === 'string' ? key : 'x']);
    }
    case 'pipe':
      // A preprocess is a pipe from a transform: the fields are those of its output.
      return defOf(def.in)?.type === 'transform'
        ? stringPaths(def.out, prefix)
        : stringPaths(def.in, prefix);
    case 'union':
      return (def.options ?? []).flatMap((o) => stringPaths(o, prefix));
    case 'intersection':
      return [...stringPaths(def.left, prefix), ...stringPaths(def.right, prefix)];
    default:
      return def.innerType ? stringPaths(def.innerType, prefix) : [];
  }
}

/** The top-level keys of an object schema (a query string's or a path's parameters). */
export function keysOf(schema: unknown): string[] {
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  if (def.type === 'pipe') return keysOf(defOf(def.in)?.type === 'transform' ? def.out : def.in);
  return def.innerType ? keysOf(def.innerType) : [];
}

/** A plausible value for a schema, for routes that have no hand-written example. */
export function sampleOf(schema: unknown): unknown {
  const def = defOf(schema);
  if (!def) return undefined;
  switch (def.type) {
    case 'string':
      return def.format === 'uuid' ? randomUUID() : def.format === 'email' ? 'a@example.com' : 'x';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([k, s]) => [k, sampleOf(s)] as const),
      );
    case 'array':
      return [sampleOf(def.element)];
    case 'record':
      return {};
    case 'pipe':
      return sampleOf(defOf(def.in)?.type === 'transform' ? def.out : def.in);
    case 'union':
      return sampleOf(def.options?.[0]);
    case 'optional':
    case 'nullable':
      return sampleOf(def.innerType);
    default:
      return def.innerType ? sampleOf(def.innerType) : undefined;
  }
}

/** A copy of `value` with `text` at `path`, creating objects and arrays on the way. */
export function withValueAt(value: unknown, path: string[], text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  const index = /^\d+$/.test(head) ? Number(head) : null;
  if (index !== null) {
    const list = Array.isArray(value) ? [...value] : [];
    list[index] = withValueAt(list[index], rest, text);
    return list;
  }
  const obj = value !== null && typeof value === 'object' ? { ...(value as object) } : {};
  return { ...obj, [head]: withValueAt((obj as Record<string, unknown>)[head], rest, text) };
}
