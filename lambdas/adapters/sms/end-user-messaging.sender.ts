import {
  ConflictException,
  PinpointSMSVoiceV2Client,
  SendTextMessageCommand,
} from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { SmsOptedOutError, type TextSender } from '../../core/sms/sms.ports';
import { collectBody } from '../aws-sdk/collect-body';

export interface EndUserMessagingOptions {
  region: string;
  /** The phone number (or its ARN / id) texts come from: toll-free or 10DLC in the US. */
  originationIdentity: string;
  /** Routes delivery events to the SNS topic the sms-events Lambda reads. */
  configurationSet?: string;
  /** Local only: the local SMS server, which speaks the same JSON 1.0 protocol. */
  endpoint?: string;
}

/** AWS End User Messaging SMS (`pinpoint-sms-voice-v2` SendTextMessage), transactional texts. */
export class EndUserMessagingSender implements TextSender {
  private readonly client: PinpointSMSVoiceV2Client;

  constructor(private readonly options: EndUserMessagingOptions) {
    this.client = new PinpointSMSVoiceV2Client({
      region: options.region,
      // Locally the SMS server checks no signature; dummy keys keep the SDK from hunting for real ones.
      ...(options.endpoint
        ? { endpoint: options.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
      maxAttempts: 2,
      // One middleware chain per command kind, resolved once (as the SES client, ses.mailer.ts).
      cacheMiddleware: true,
      // Answers read without a Writable per call (aws-sdk/collect-body.ts).
      streamCollector: collectBody,
    });
  }

  async send(text: { to: string; body: string }): Promise<{ messageId: string }> {
    try {
      const out = await this.client.send(
        new SendTextMessageCommand({
          DestinationPhoneNumber: text.to,
          OriginationIdentity: this.options.originationIdentity,
          MessageBody: text.body,
          MessageType: 'TRANSACTIONAL',
          ...(this.options.configurationSet ? { ConfigurationSetName: this.options.configurationSet } : {}),
        }),
      );
      if (!out.MessageId) throw new Error('SendTextMessage answered without a MessageId');
      return { messageId: out.MessageId };
    } catch (err) {
      if (err instanceof ConflictException && err.Reason === 'DESTINATION_PHONE_NUMBER_OPTED_OUT')
        throw new SmsOptedOutError(text.to);
      throw err;
    }
  }
}
