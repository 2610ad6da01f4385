import { edgeRoleReach } from './edge-role.repo.js';

/** The database role the SIP edge's Kamailio connects as (VOICE_EDGE_DATABASE_URL). */
export const EDGE_ROLE = 'parley_edge';

/**
 * Everything deploy/voice/kamailio.cfg reads from Parley's database: auth_db's
 * sip_subscribers view (HA1/HA1b of active SIP accounts and trunks), the permissions
 * module's sip_trunk_sources (customers' trunks with IP authentication) and the table
 * versions Kamailio checks (sip_edge_versions, its version_table). Registrations
 * (usrloc), dialogs and the failed-auth counts stay in Kamailio's memory; the carrier's
 * sources are a setting, not a table.
 */
export const EDGE_READS = ['sip_subscribers', 'sip_trunk_sources', 'sip_edge_versions'] as const;

/**
 * The SQL that creates the edge's role (or narrows an existing one to) SELECT on
 * EDGE_READS and nothing else. Run it in Parley's database as a PostgreSQL superuser
 * (or a role with CREATEROLE that owns the views), then give the role a password.
 */
export function edgeRoleSql(role: string = EDGE_ROLE): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new Error(`${role} is not a role name`);
  return [
    `-- The SIP edge's database role: Kamailio reads ${EDGE_READS.join(', ')}`,
    "-- and nothing else. Run in Parley's database as a superuser, then set its password",
    `-- (psql: \\password ${role}) and give the edge VOICE_EDGE_DATABASE_URL=`,
    `-- postgres://${role}:<password>@<host>:5432/<database>.`,
    'DO $$',
    'BEGIN',
    `  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN`,
    `    CREATE ROLE ${role} LOGIN;`,
    '  END IF;',
    'END',
    '$$;',
    `ALTER ROLE ${role} NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;`,
    `REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role};`,
    `REVOKE CREATE ON SCHEMA public FROM ${role};`,
    `GRANT USAGE ON SCHEMA public TO ${role};`,
    ...EDGE_READS.map((view) => `GRANT SELECT ON ${view} TO ${role};`),
    '',
  ].join('\n');
}

/**
 * Problems with the role of `url` for the edge, naming VOICE_EDGE_DATABASE_URL: it must
 * read EDGE_READS and may read or change nothing else (Parley's DATABASE_URL, which
 * owns every table, is refused).
 */
export async function checkEdgeRole(url: string): Promise<string[]> {
  let reach: Awaited<ReturnType<typeof edgeRoleReach>>;
  try {
    reach = await edgeRoleReach(url, EDGE_READS);
  } catch (err) {
    const code = (err as { code?: string }).code ?? (err as Error).message;
    return [`VOICE_EDGE_DATABASE_URL: cannot connect (${code})`];
  }
  const fix = `give the edge the ${EDGE_ROLE} role (npm run voice:edge -- role-sql)`;
  const missing = EDGE_READS.filter((view) => !reach.reads.includes(view));
  const problems: string[] = [];
  if (reach.powers.length > 0 || reach.beyond.length > 0) {
    const more = [...reach.powers, ...reach.beyond.slice(0, 5)];
    const rest = reach.beyond.length > 5 ? ` and ${reach.beyond.length - 5} more` : '';
    problems.push(
      `VOICE_EDGE_DATABASE_URL: its role ${reach.role} may do more than read ${EDGE_READS.join(', ')} (${more.join(', ')}${rest}): ${fix}`,
    );
  }
  if (missing.length > 0)
    problems.push(
      `VOICE_EDGE_DATABASE_URL: its role ${reach.role} cannot read ${missing.join(', ')}: ${fix}`,
    );
  return problems;
}
