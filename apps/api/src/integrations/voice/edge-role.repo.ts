import postgres from 'postgres';

/** What the role of `url` may do in its database: its powers, the relations it may
 * read among `wanted`, and every other table or view it may read or change. */
export async function edgeRoleReach(
  url: string,
  wanted: readonly string[],
): Promise<{ role: string; powers: string[]; reads: string[]; beyond: string[] }> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const [me] = await sql<{ role: string; powers: string[] }[]>`
      select current_user as role, array_remove(array[
        case when rolsuper then 'superuser' end, case when rolcreaterole then 'createrole' end,
        case when rolcreatedb then 'createdb' end, case when rolbypassrls then 'bypassrls' end,
        case when rolreplication then 'replication' end], null) as powers
      from pg_roles where rolname = current_user`;
    const rows = await sql<{ schema: string; name: string; reads: boolean; other: boolean }[]>`
      select n.nspname as schema, c.relname as name,
        has_table_privilege(c.oid, 'SELECT') as reads,
        has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          or (not has_table_privilege(c.oid, 'SELECT')
              and has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES')) as other
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'v', 'm', 'p', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema')
        and n.nspname not like 'pg\\_toast%'
        -- An extension's own views (pg_stat_statements…) are not Parley's data.
        and not exists (select from pg_depend d where d.classid = 'pg_class'::regclass
          and d.objid = c.oid and d.deptype = 'e')
        and (has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
          or has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES'))
      order by 1, 2`;
    const own = (r: { schema: string; name: string }) =>
      r.schema === 'public' && wanted.includes(r.name);
    return {
      role: me?.role ?? '',
      powers: me?.powers ?? [],
      reads: rows.filter((r) => own(r) && r.reads).map((r) => r.name),
      beyond: rows
        .filter((r) => !own(r) || r.other)
        .map((r) => (r.schema === 'public' ? r.name : `${r.schema}.${r.name}`)),
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
