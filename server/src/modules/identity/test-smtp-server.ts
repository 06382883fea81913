import { createServer, type Server } from 'node:net';

/** A message as the test SMTP server received it: envelope recipients and the decoded text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, good enough to find links in. */
  text: string;
}

/**
 * For tests: the smallest SMTP server nodemailer will talk to (no TLS, no auth). It keeps every
 * message, so a test can follow a link from the mail the app sent, through the real SMTP path.
 */
export class TestSmtpServer {
  readonly mails: ReceivedMail[] = [];
  /** How many connections clients opened. */
  connections = 0;
  private readonly server: Server;
  private waiters: Array<() => void> = [];
  private connectionWaiters: Array<() => void> = [];
  /** While held, a new connection gets no greeting (a mail server that is slow to answer) until release(). */
  private held: Array<() => void> | null = null;

  constructor() {
    this.server = createServer((socket) => {
      this.connections += 1;
      for (const wake of this.connectionWaiters.splice(0)) wake();
      socket.setEncoding('utf8');
      let buffer = '';
      let inData = false;
      let to: string[] = [];
      let data: string[] = [];
      const reply = (line: string) => socket.write(`${line}\r\n`);
      const greet = () => reply('220 test.smtp ESMTP');
      if (this.held) this.held.push(greet);
      else greet();
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\r\n')) !== -1) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (inData) {
            if (line === '.') {
              inData = false;
              this.receive(to, data.join('\r\n'));
              to = [];
              data = [];
              reply('250 2.0.0 queued');
            } else {
              data.push(line.startsWith('..') ? line.slice(1) : line);
            }
            continue;
          }
          const verb = line.slice(0, 4).toUpperCase();
          if (verb === 'EHLO' || verb === 'HELO') reply('250 test.smtp');
          else if (verb === 'RCPT') {
            to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 ok');
          } else if (verb === 'DATA') {
            inData = true;
            reply('354 go ahead');
          } else if (verb === 'QUIT') {
            reply('221 bye');
            socket.end();
          } else reply('250 ok');
        }
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return `smtp://127.0.0.1:${address.port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** From now on, connections wait for their greeting until release(). */
  hold() {
    this.held ??= [];
  }

  /** Greets the connections held so far, and every later one at once. */
  release() {
    const held = this.held ?? [];
    this.held = null;
    for (const greet of held) greet();
  }

  /** Resolves when the next client connects. */
  nextConnection(): Promise<void> {
    return new Promise((resolve) => this.connectionWaiters.push(resolve));
  }

  /** Resolves once `count` messages have arrived in all. */
  async waitForMails(count: number): Promise<ReceivedMail[]> {
    while (this.mails.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.mails;
  }

  /** The confirmation link in the latest mail to `address`. */
  linkFor(address: string): string {
    const mail = [...this.mails].reverse().find((m) => m.to.includes(address));
    const link = mail && /https?:\/\/\S+\/idp\/confirm-email\?token=[\w.%-]+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no confirmation link mailed to ${address}`);
    return link;
  }

  private receive(to: string[], raw: string) {
    const text = raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    this.mails.push({ to, raw, text });
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
