// Outgoing messages: the outbox, its sender job, and the transports that send e-mail, webhook
// calls and mobile messages.
export { enqueueMessage, registerTransport, checkPayload, OUTBOX_TABLE } from './outbox.ts';
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
