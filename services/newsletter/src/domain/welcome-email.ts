import { endpointUrl, newsletterEndpoints } from '@croft/contracts';
import type { MailMessage } from '@croft/service-kit';

export const WELCOME_SUBJECT = 'Welcome to Croft Common';

export interface WelcomeEmailInput {
  to: string;
  name: string;
  /** The raw unsubscribe token (only ever in this email). */
  token: string;
  /** e.g. https://croftcommon.co.uk */
  publicOrigin: string;
  /** e.g. unsubscribe@croftcommon.co.uk */
  unsubscribeMailto: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The one-click URL (RFC 8058): a POST to it unsubscribes, a GET shows the site's confirm page. */
export function unsubscribeUrl(publicOrigin: string, token: string): string {
  return `${publicOrigin}${endpointUrl(newsletterEndpoints.unsubscribe, { query: { token } })}`;
}

/**
 * The welcome email with List-Unsubscribe (https URL + mailto) and
 * List-Unsubscribe-Post: List-Unsubscribe=One-Click (RFC 2369 / RFC 8058).
 */
export function buildWelcomeEmail(input: WelcomeEmailInput): MailMessage {
  const url = unsubscribeUrl(input.publicOrigin, input.token);
  const mailto = `mailto:${input.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${input.token}`)}`;
  const text = [
    `Hi ${input.name},`,
    '',
    'Thanks for joining the Croft Common newsletter. You are now a member: news of events, tastings,',
    'secret cinema nights and more will come to this address.',
    '',
    `To unsubscribe at any time, open ${url}`,
    '',
    'Croft Common',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>Hi ${escapeHtml(input.name)},</p>`,
    '<p>Thanks for joining the Croft Common newsletter. You are now a member: news of events, tastings, secret cinema nights and more will come to this address.</p>',
    `<p style="font-size:0.875em">Don't want these emails? <a href="${escapeHtml(url)}">Unsubscribe</a> at any time.</p>`,
    '<p>Croft Common</p>',
    '</body></html>',
  ].join('');
  return {
    to: input.to,
    subject: WELCOME_SUBJECT,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${url}>, <${mailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
