import net from 'node:net';
import tls from 'node:tls';

/** True once an SMTP server at host:port greets with 220 (over TLS when `secure`). */
export function smtpGreets(host: string, port: number, secure = false, ms = 2000) {
  return new Promise<boolean>((resolve) => {
    const socket = secure
      ? tls.connect({ host, port, rejectUnauthorized: false, servername: undefined })
      : net.connect({ host, port });
    let text = '';
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), ms);
    socket.on('data', (d: Buffer) => {
      text += d.toString('latin1');
      if (/\r?\n/.test(text)) {
        socket.write('QUIT\r\n');
        done(/^220[ -]/.test(text));
      }
    });
    socket.on('error', () => done(false));
    socket.on('close', () => done(false));
  });
}
