import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { callCost, subtract, toUnits } from '@parley/shared';
import { talkerPcap } from '../../apps/api/test/rtp-pcap';
import { packetsByTag, rtpengineQuery } from '../../apps/api/test/rtpengine';
import { carrierCall, sipp, sippTrunk } from '../../apps/api/test/sipp';
import { CHROMIUM_ARGS, findTestChromium } from '../../scripts/chromium.mjs';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { edgeReady, securityCheck, startSipStack } from '../support/sip-edge';

// CI installs Kamailio, rtpengine and sipp and sets PARLEY_REQUIRE_SIP_EDGE: there this never skips.
if (!edgeReady && process.env.PARLEY_REQUIRE_SIP_EDGE)
  throw new Error('Kamailio, rtpengine, sipp and TEST_DATABASE_URL are required here');

const ME = '+447400111222';
const DE = '+4915112345678';
const BALANCE = '5.0000';
// The edge's reports reach Parley within this even on a busy machine.
const EDGE_REPORT_MS = 20_000;

// Chromium's fake microphone, and WebRTC to rtpengine on 127.0.0.1.
test.use({
  launchOptions: {
    executablePath: findTestChromium(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--allow-loopback-in-peer-connection',
      // The edge's WSS certificate is self-signed, made for this run.
      '--ignore-certificate-errors',
    ],
  },
  permissions: ['microphone'],
});

test.describe('the browser softphone through the SIP edge', () => {
  test.skip(!edgeReady, 'needs kamailio, rtpengine, sipp and TEST_DATABASE_URL');
  test.describe.configure({ timeout: 90_000 });
  const log: string[] = [];
  let stack: Awaited<ReturnType<typeof startSipStack>>;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startSipStack(log);
  });
  test.afterAll(async () => {
    await stack?.stop();
  });
  test.afterEach(async ({ page: _ }, info) => {
    // Kamailio's, rtpengine's and Parley's lines explain a failure.
    if (info.status === info.expectedStatus) return;
    const file = info.outputPath('edge.log');
    fs.writeFileSync(file, log.join('\n'));
    await info.attach('edge.log', { path: file, contentType: 'text/plain' });
  });

  test('registers over WSS, calls the trunk with media both ways through rtpengine, hangs up and is billed', async ({
    page,
  }, info) => {
    const consoleLines: string[] = [];
    page.on('console', (msg) => consoleLines.push(`${msg.type()}: ${msg.text()}`));
    const trunks: ReturnType<typeof sippTrunk>[] = [];
    try {
      // A customer signed up through the API (the page shares its cookie), with £5.00 and
      // a verified caller ID.
      const signUp = await page.request.post(`${stack.url}/api/auth/signup`, {
        data: {
          name: 'Ada King Lovelace',
          email: `ada-${randomUUID()}@example.com`,
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
          contactMethod: 'telegram',
          contactValue: '@ada',
          altcha: await securityCheck(stack.url),
        },
      });
      expect(signUp.status()).toBe(201);
      const userId = (await signUp.json()).id as string;
      await stack.sql`
        with u as (update users set crypto_balance = ${BALANCE}::numeric where id = ${userId} returning id)
        insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after)
        select id, ${BALANCE}::numeric, 'GBP', 'adjustment', ${`e2e:${userId}`}, ${BALANCE}::numeric from u`;
      await stack.sql`insert into caller_ids (user_id, number, verified_at) values (${userId}, ${ME}, now())`;

      // The trunk talks back with audio of its own (and its own RTP source).
      const trunk = sippTrunk(stack.trunkPort, { playAudio: talkerPcap(30) });
      trunks.push(trunk);

      await page.goto(`${stack.url}/services/sip`);
      await expect(page.getByTestId('softphone-state')).toHaveAttribute(
        'data-state',
        'registered',
        { timeout: 15_000 },
      );

      // The page with a real softphone on it is as accessible as the sandbox's.
      expect(await seriousViolations(page)).toEqual([]);

      // A call is placed only once Parley has heard from the edge.
      await expect
        .poll(
          async () =>
            (await (await page.request.get(`${stack.url}/api/sip/status`)).json()).connected,
          { message: 'Parley counts the SIP edge as connected', timeout: 30_000 },
        )
        .toBe(true);

      await expect(page.getByLabel('Caller ID', { exact: true })).toHaveValue(ME);
      await page.getByLabel('Destination', { exact: true }).fill(DE);
      await page.getByRole('button', { name: 'Call', exact: true }).click();
      await expect(page.getByTestId('live-call-status')).toHaveText(/answered/i, {
        timeout: EDGE_REPORT_MS,
      });

      // Mid-call, rtpengine relays the browser's audio to the trunk and the trunk's echo back.
      const lastCall = async () =>
        (
          await stack.sql<{ edge_call_id: string | null; status: string }[]>`
            select edge_call_id, status from calls where user_id = ${userId}
            order by created_at desc limit 1`
        )[0];
      const edgeCallId = (await lastCall())?.edge_call_id ?? '';
      expect(edgeCallId).not.toBe('');
      await page.waitForTimeout(2000);
      const packets = packetsByTag(await rtpengineQuery(stack.control, edgeCallId));
      expect(Object.keys(packets)).toHaveLength(2);
      for (const count of Object.values(packets)) expect(count).toBeGreaterThan(10);
      // Quality comes from RTCP: a receiver report of the browser answering a sender
      // report of the trunk (one a second). Hang up once rtpengine has scored one.
      await expect
        .poll(
          async () =>
            Object.keys(((await rtpengineQuery(stack.control, edgeCallId)).SSRC ?? {}) as object)
              .length,
          { message: 'rtpengine has RTCP statistics for the call', timeout: 20_000 },
        )
        .toBeGreaterThan(0);

      await page.getByRole('button', { name: 'Hang up', exact: true }).click();
      // The trunk got its BYE and answered it.
      expect(await trunk.exited).toBe(0);
      await expect
        .poll(async () => (await lastCall())?.status, { timeout: EDGE_REPORT_MS })
        .toBe('ended');

      // rtpengine's figures, from the receiver reports the browser sent, reached Parley
      // with the end and show in SIP monitoring's quality by country.
      const [quality] = await stack.sql<
        { mos: string | null; jitter: string | null; loss: string | null }[]
      >`select mos::text, jitter_ms::text as jitter, loss_percent::text as loss
        from calls where edge_call_id = ${edgeCallId}`;
      expect(Number(quality?.mos)).toBeGreaterThanOrEqual(1);
      expect(Number(quality?.mos)).toBeLessThanOrEqual(5);
      expect(quality?.jitter).not.toBeNull();
      expect(quality?.loss).not.toBeNull();
      const byCountry = await (
        await page.request.get(`${stack.url}/api/sip/monitoring/quality`)
      ).json();
      expect(byCountry.countries.find((c: { country: string }) => c.country === 'DE')?.mos).toBe(
        quality?.mos === null ? null : Number(quality?.mos).toFixed(2),
      );

      const history = await (await page.request.get(`${stack.url}/api/sip/history`)).json();
      const call = history.items[0];
      expect(call).toMatchObject({
        destination: DE,
        callerId: ME,
        status: 'ended',
        hangupCause: 'normal',
        hangupBy: 'caller',
      });
      expect(call.duration).toBeGreaterThanOrEqual(2);
      // The API shows 2 to 4 decimals ("0.15"): compared in units of 0.0001.
      const cost = toUnits(call.cost, 4);
      expect(cost).toBeGreaterThan(0n);
      expect(cost).toBe(toUnits(callCost(call.ratePerMinute, call.duration), 4));
      const [money] = await stack.sql<{ balance: string; held: string }[]>`
        select crypto_balance::text as balance, held::text as held from users where id = ${userId}`;
      expect(money).toEqual({ balance: subtract(BALANCE, call.cost, 4), held: '0.0000' });
      await expect(page.getByTestId('live-call-cost')).toBeVisible();
    } catch (err) {
      await info.attach('browser-console.log', {
        body: consoleLines.join('\n'),
        contentType: 'text/plain',
      });
      throw err;
    } finally {
      for (const trunk of trunks) {
        trunk.stop();
        await trunk.exited;
      }
    }
  });
  test("rings in the browser when the carrier calls the customer's number; answered, it is free", async ({
    page,
  }) => {
    const signUp = await page.request.post(`${stack.url}/api/auth/signup`, {
      data: {
        name: 'Grace Brewster Hopper',
        email: `grace-${randomUUID()}@example.com`,
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        contactMethod: 'telegram',
        contactValue: '@grace',
        altcha: await securityCheck(stack.url),
      },
    });
    expect(signUp.status()).toBe(201);
    const userId = (await signUp.json()).id as string;
    const funds = '200.0000';
    await stack.sql`
      with u as (update users set crypto_balance = ${funds}::numeric where id = ${userId} returning id)
      insert into ledger_entries (user_id, amount, currency, kind, reference, balance_after)
      select id, ${funds}::numeric, 'GBP', 'adjustment', ${`e2e:${userId}`}, ${funds}::numeric from u`;
    const [number] = await stack.sql<{ id: string; number: string }[]>`
      select id, number from did_numbers where status = 'available' order by number desc limit 1`;
    if (!number) throw new Error('no number to buy');
    expect(
      (
        await page.request.post(`${stack.url}/api/orders`, { data: { itemId: number.id } })
      ).status(),
    ).toBe(201);

    await page.goto(`${stack.url}/services/sip`);
    await expect(page.getByTestId('softphone-state')).toHaveAttribute('data-state', 'registered', {
      timeout: 15_000,
    });
    // The carrier's call comes from its own address (127.0.0.2) and hangs up after 3 s.
    const carrier = sipp(
      [
        ...['-sf', 'scenario.xml', '-inf', 'users.csv', '-i', '127.0.0.2'],
        ...['-m', '1'],
        ...['-timeout', '40', '-timeout_error', `127.0.0.1:${stack.sipPort}`],
      ],
      {
        'scenario.xml': carrierCall({ talkMs: 3000 }),
        'users.csv': `SEQUENTIAL\n${ME};${number.number};sip.parley.example;\n`,
      },
    );
    const incoming = page.getByTestId('softphone-incoming');
    await expect(incoming).toContainText(ME, { timeout: EDGE_REPORT_MS });
    await incoming.getByRole('button', { name: 'Answer' }).click();
    expect(await carrier).toBe(0);
    await expect
      .poll(
        async () =>
          (
            await stack.sql<{ status: string }[]>`
              select status from calls where user_id = ${userId} order by created_at desc limit 1`
          )[0]?.status,
        { timeout: EDGE_REPORT_MS },
      )
      .toBe('ended');
    const history = await (await page.request.get(`${stack.url}/api/sip/history`)).json();
    expect(history.items[0]).toMatchObject({
      direction: 'inbound',
      callerId: ME,
      destination: number.number,
      status: 'ended',
      cost: '0.00',
    });
    expect(history.items[0].duration).toBeGreaterThanOrEqual(1);
    await expect(page.getByTestId('recent-call').first()).toContainText('Incoming');
  });
});
