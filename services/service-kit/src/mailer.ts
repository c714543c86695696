import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** Files sent with it (a calendar event, images shown inline in the HTML by their cid). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
  /** Content-ID: the HTML shows it as <img src="cid:…">. */
  cid?: string;
}

export interface Mailer {
  /**
   * Sends one message; resolves with the SMTP message id. Rejects within the mailer's `sendMs`
   * deadline (MAIL_TIMEOUTS) whatever the SMTP server does, so callers need no timeout of their own.
   */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * The one time-out policy for every mail the services send (identity's codes and links, the
 * newsletter welcome, booking enquiries). A person is usually waiting on the answer, so a stalled
 * SMTP server (accepts, then never answers) costs them at most `sendMs`.
 */
export interface MailTimeouts {
  /** TCP connection to the SMTP server (nodemailer `connectionTimeout`). */
  connectionMs: number;
  /** The server's 220 greeting once connected (nodemailer `greetingTimeout`). */
  greetingMs: number;
  /** Silence on the socket at any later point (nodemailer `socketTimeout`). */
  socketMs: number;
  /** The whole send, from the call to the server's final answer: the deadline callers see. */
  sendMs: number;
}

export const MAIL_TIMEOUTS: Readonly<MailTimeouts> = Object.freeze({
  connectionMs: 5_000,
  greetingMs: 5_000,
  socketMs: 8_000,
  sendMs: 10_000,
});

/** A send that outlived the mailer's `sendMs` deadline (code 'ETIMEDOUT', like nodemailer's own time-outs). */
export class MailTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(readonly ms: number) {
    super(`mail not sent within ${ms} ms`);
    this.name = 'MailTimeoutError';
  }
}

export interface MailerOptions {
  /** SMTP_URL, e.g. smtp://127.0.0.1:1025 (MailDev in development). */
  smtpUrl: string;
  /** MAIL_FROM */
  from: string;
  logger?: Logger;
  /** Override parts of MAIL_TIMEOUTS (tests use small values; production keeps the defaults). */
  timeouts?: Partial<MailTimeouts>;
}

/**
 * SMTP_URL with the nodemailer time-outs as query parameters. nodemailer builds its options from
 * a connection URL alone (options given beside `url` are dropped), and it reads query parameters
 * as options, so this keeps every other part of the URL (smtps, credentials, pool) as it was.
 */
function withTimeouts(smtpUrl: string, timeouts: MailTimeouts): string {
  const url = new URL(smtpUrl);
  url.searchParams.set('connectionTimeout', String(timeouts.connectionMs));
  url.searchParams.set('greetingTimeout', String(timeouts.greetingMs));
  url.searchParams.set('socketTimeout', String(timeouts.socketMs));
  return url.toString();
}

/**
 * A nodemailer transport over SMTP_URL (MailDev on smtp://127.0.0.1:1025 in development), with
 * the MAIL_TIMEOUTS policy on every send. Logs only the message id: bodies carry one-time codes
 * and addresses are personal data.
 */
export function createMailer(options: MailerOptions): Mailer {
  const timeouts: MailTimeouts = { ...MAIL_TIMEOUTS, ...options.timeouts };
  const transport: Transporter = nodemailer.createTransport(withTimeouts(options.smtpUrl, timeouts));
  return {
    async send(message) {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new MailTimeoutError(timeouts.sendMs)), timeouts.sendMs);
      });
      const sending = transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        attachments: message.attachments,
      });
      // The SMTP connection closes itself on socketMs; a late failure must not go unhandled.
      sending.catch(() => undefined);
      try {
        const info = await Promise.race([sending, deadline]);
        options.logger?.info({ messageId: info.messageId }, 'mail sent');
        return { messageId: String(info.messageId) };
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      transport.close();
    },
  };
}
