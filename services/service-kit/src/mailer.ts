import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends one message; resolves with the SMTP message id. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/**
 * A nodemailer transport over SMTP_URL (MailDev on smtp://127.0.0.1:1025 in development).
 * Logs only the message id: bodies carry one-time codes and addresses are personal data.
 */
export function createMailer(options: { smtpUrl: string; from: string; logger?: Logger }): Mailer {
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      options.logger?.info({ messageId: info.messageId }, 'mail sent');
      return { messageId: String(info.messageId) };
    },
    close() {
      transport.close();
    },
  };
}
