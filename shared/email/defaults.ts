import type { EmailAudience, EmailKind, TemplateText } from './template';

/**
 * The wording every account starts with, for each kind × audience. Workers get what to do (drive
 * out or not, when to report); managers get the numbers and the evidence; the client gets a short
 * weather-day notice. An account's own template for the same pair replaces these.
 */
export const DEFAULT_TEMPLATES: Record<EmailKind, Record<EmailAudience, TemplateText>> = {
  notice: {
    worker: {
      subject: '{{verdict}} at {{jobsite}} – {{date}}',
      body: [
        'Hi {{recipientName}},',
        '{{verdict}} at {{jobsite}} on {{date}}.',
        '{{action}}',
        'Weather hours: {{hours}}\nWhy:\n{{reason}}',
        'If the forecast changes we will email you again. If you hear nothing more, this notice stands.',
      ].join('\n\n'),
    },
    manager: {
      subject: '{{verdict}}: {{jobsite}}, {{date}} ({{hoursLost}} h lost)',
      body: [
        '{{verdict}} at {{jobsite}} ({{client}}) on {{date}}.',
        'Hours affected: {{hours}}\nWorking hours lost: {{hoursLost}}',
        'Rules met:\n{{reason}}',
        '{{action}}',
        'The forecast behind this decision is kept in Raincheck with your weather-day records.',
      ].join('\n\n'),
    },
    client: {
      subject: 'Weather day at {{jobsite}} – {{date}}',
      body: [
        'Hello {{recipientName}},',
        'Weather will stop work at {{jobsite}} on {{date}} ({{verdict}}, {{hours}}).',
        'Reason:\n{{reason}}',
        'We will let you know if the forecast changes.',
      ].join('\n\n'),
    },
  },
  update: {
    worker: {
      subject: 'Update: {{verdict}} at {{jobsite}} – {{date}}',
      body: [
        'Hi {{recipientName}},',
        'The forecast for {{jobsite}} on {{date}} has changed. It is now: {{verdict}}.',
        '{{action}}',
        'Weather hours: {{hours}}\nWhy:\n{{reason}}',
        'This replaces our earlier notice.',
      ].join('\n\n'),
    },
    manager: {
      subject: 'Update: {{verdict}} at {{jobsite}}, {{date}} ({{hoursLost}} h lost)',
      body: [
        'The call for {{jobsite}} ({{client}}) on {{date}} has changed. It is now: {{verdict}}.',
        'Hours affected: {{hours}}\nWorking hours lost: {{hoursLost}}',
        'Rules met:\n{{reason}}',
        '{{action}}',
        'The crew has been sent this update.',
      ].join('\n\n'),
    },
    client: {
      subject: 'Update for {{jobsite}} – {{date}}',
      body: [
        'Hello {{recipientName}},',
        'The weather outlook for {{jobsite}} on {{date}} has changed: {{verdict}} ({{hours}}).',
        'Reason:\n{{reason}}',
        'This replaces our earlier notice.',
      ].join('\n\n'),
    },
  },
  allClear: {
    worker: {
      subject: 'All clear at {{jobsite}} – {{date}}',
      body: [
        'Hi {{recipientName}},',
        'The weather delay we called for {{jobsite}} on {{date}} no longer applies.',
        '{{action}}',
        'This replaces our earlier notice.',
      ].join('\n\n'),
    },
    manager: {
      subject: 'All clear: {{jobsite}}, {{date}}',
      body: [
        'The delay called for {{jobsite}} ({{client}}) on {{date}} no longer applies: the latest forecast no longer meets its rules.',
        '{{action}}',
        'The crew has been told to report as usual.',
      ].join('\n\n'),
    },
    client: {
      subject: 'Work goes ahead at {{jobsite}} – {{date}}',
      body: [
        'Hello {{recipientName}},',
        'Good news: the weather delay we announced for {{jobsite}} on {{date}} no longer applies, and work goes ahead as planned.',
      ].join('\n\n'),
    },
  },
};

export function defaultTemplate(kind: EmailKind, audience: EmailAudience): TemplateText {
  return DEFAULT_TEMPLATES[kind][audience];
}
