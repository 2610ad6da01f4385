/** A node of PostgreSQL's JSON plan (EXPLAIN or auto_explain, FORMAT JSON). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

interface Scan {
  table: string;
  how: string;
  index?: string;
  /** Right under a LIMIT (through subquery scans only): it stops after that many rows. */
  bounded: boolean;
}

/** Every scan of a table in the plan, with how it reads it. */
export function findScans(plan: PlanNode, underLimit = false): Scan[] {
  const type = plan['Node Type'];
  const here: Scan[] = plan['Relation Name']
    ? [{ table: plan['Relation Name'], how: type, index: plan['Index Name'], bounded: underLimit }]
    : [];
  const passes = type === 'Limit' || (underLimit && type === 'Subquery Scan');
  return [...here, ...(plan.Plans ?? []).flatMap((p) => findScans(p, passes))];
}

/** Every index a plan reads (a bitmap index scan names its index, not its table). */
export const indexesIn = (plan: PlanNode): string[] => [
  ...(plan['Index Name'] ? [plan['Index Name']] : []),
  ...(plan.Plans ?? []).flatMap(indexesIn),
];

/**
 * The scans that read a big table without an index (a sequential scan, which reads it
 * whole unless a LIMIT right above stops it: a capped count), with their text:
 * `Seq Scan on sms_messages`.
 */
export function unindexedReads(plan: PlanNode, isBig: (table: string) => boolean) {
  return findScans(plan)
    .filter((s) => isBig(s.table) && s.how === 'Seq Scan' && !s.bounded)
    .map((s) => ({ table: s.table, text: `${s.how} on ${s.table}` }));
}
