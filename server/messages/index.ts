// Outgoing messages: the outbox, its sender job, and the transports that send e-mail, webhook
// calls and mobile messages.
export { enqueueMessage, registerTransport, checkPayload, payloadOf, transportOf, OUTBOX_TABLE } from './outbox.ts';
export {
  anythingDue,
  backoffMinutes,
  claimDue,
  markTimeouts,
  sendDue,
  type SendCounts,
  type SenderOptions,
} from './sender.ts';
export { closeEmailConnections, emailTransport, type EmailDeps } from './email.ts';
export { mobileFileTransport } from './mobile.ts';
export { installTransports, OUTBOX_JOB } from './install.ts';
export { OUTBOX_BEHAVIOUR, saveAndSendHook } from './save-and-send.ts';
export {
  cachedMailSettings,
  DEFAULT_MAIL_SETTINGS,
  MAIL_SETTINGS_TABLE,
  readMailSettings,
  type MailSettings,
} from './settings.ts';
export {
  MESSAGE_STATUS,
  type EmailAttachment,
  type EmailPayload,
  type MessageKind,
  type MessagePayload,
  type MessageStatus,
  type MobilePayload,
  type OutboxMessage,
  type Transport,
  type TransportContext,
  type TransportResult,
  type WebhookPayload,
} from './types.ts';
export {
  escapeHtml,
  placeholderFiller,
  placeholdersIn,
  readAs,
  unknownPlaceholder,
  type Filler,
  type FillMode,
  type Placeholder,
} from './placeholders.ts';
export {
  FALLBACK_LANGUAGE,
  principalOfUser,
  renderTemplate,
  type RenderedTemplate,
  type TemplateRequest,
} from './templates.ts';
