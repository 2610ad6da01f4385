// Ports on 127.0.0.1 for the SIP tests' peers (sipp phones and trunks, the edge).

/** A UDP (and TCP) port free on 127.0.0.1 now, chosen by the system. */
export async function freePort(): Promise<number> {
  const { createSocket } = await import('node:dgram');
  const { createServer } = await import('node:net');
  for (;;) {
    const udp = createSocket('udp4');
    const port = await new Promise<number>((resolve) =>
      udp.bind(0, '127.0.0.1', () => resolve(udp.address().port)),
    );
    // SIP listens on TCP too: the same number must be free there.
    const tcpFree = await new Promise<boolean>((resolve) => {
      const tcp = createServer().once('error', () => resolve(false));
      tcp.listen(port, '127.0.0.1', () => tcp.close(() => resolve(true)));
    });
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (tcpFree) return port;
  }
}

/** Binds a UDP socket on 127.0.0.1 (port 0: any), or resolves undefined if it is taken. */
async function holdUdp(port: number) {
  const { createSocket } = await import('node:dgram');
  const udp = createSocket('udp4');
  return new Promise<import('node:dgram').Socket | undefined>((resolve) => {
    udp.once('error', () => resolve(undefined));
    udp.bind(port, '127.0.0.1', () => resolve(udp));
  });
}

/**
 * sipp's `-mp` arguments (and `-p`, unless the caller fixed it): sipp takes the media port
 * and the three after it (RTCP, video), so all four must be free and apart from the SIP port.
 */
export async function sippPorts(sipPortGiven: boolean): Promise<string[]> {
  for (;;) {
    const held = [await holdUdp(0)];
    const first = held[0]?.address().port ?? 0;
    if (first % 2 === 0 && first + 3 <= 65535)
      for (let p = first + 1; p <= first + 3; p++) held.push(await holdUdp(p));
    const complete = held.length === 4 && held.every(Boolean);
    // Chosen while the media block is held, so it cannot fall inside it.
    const sip = complete && !sipPortGiven ? await freePort() : 0;
    for (const s of held) s?.close();
    if (complete) return ['-mp', String(first), ...(sip ? ['-p', String(sip)] : [])];
  }
}
