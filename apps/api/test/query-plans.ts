/** A node of PostgreSQL's JSON plan (EXPLAIN or auto_explain, FORMAT JSON). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every scan of a table in the plan, with how it reads it. */
export function findScans(plan: PlanNode): { table: string; how: string; index?: string }[] {
  const here = plan['Relation Name']
    ? [{ table: plan['Relation Name'], how: plan['Node Type'], index: plan['Index Name'] }]
    : [];
  return [...here, ...(plan.Plans ?? []).flatMap(findScans)];
}

/**
 * The scans that read a big table without an index (a sequential scan, which reads it
 * whole), with their text: `Seq Scan on sms_messages`.
 */
export function unindexedReads(plan: PlanNode, isBig: (table: string) => boolean) {
  return findScans(plan)
    .filter((s) => isBig(s.table) && s.how === 'Seq Scan')
    .map((s) => ({ table: s.table, text: `${s.how} on ${s.table}` }));
}
