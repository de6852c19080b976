import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string; messageId: string | undefined };
/** What the sink answers to a message: nothing accepts it, else an SMTP code and text (451 tries later, 550 refuses). */
export type SmtpVerdict = { code: number; message: string } | undefined;

export type SmtpSink = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** How many messages it answered, accepted or not. */
  answered(): number;
  setVerdict(verdict: (mail: ReceivedMail) => SmtpVerdict): void;
  stop(): Promise<void>;
};

/** A real SMTP server (smtp-server from npm) on 127.0.0.1 that keeps what it accepts. Port 0 picks a free one. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let answered = 0;
  let verdict: (mail: ReceivedMail) => SmtpVerdict = () => undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Stopping the sink drops the clients' pooled connections at once instead of waiting for them.
    closeTimeout: 50,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1],
        };
        answered += 1;
        const answer = verdict(mail);
        if (!answer) {
          received.push(mail);
          callback(null, "Message queued");
          return;
        }
        callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.server.address() as { port: number }).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    answered: () => answered,
    setVerdict(next) {
      verdict = next;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The header's value in a raw message (unfolded). */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(head)?.[1]?.trim();
}
