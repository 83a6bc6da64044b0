import type { templatesPt } from './templates.pt';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const templatesEn: Texts<typeof templatesPt> = {
  templates: {
    title: 'Send a message template',
    open: 'Templates',
    short: 'Templates',
    template: 'Template',
    choose: 'Choose an approved template',
    none: "No approved template on this connection. Sync Meta's templates on the connection.",
    headerValue: 'Header: value {{n}}',
    bodyValue: 'Body: value {{n}}',
    incomplete: 'Fill in every value of the template.',
    headerMedia: 'Header: {{kind}} (address)',
    headerMediaHelp: 'Public (https) address of the file the customer receives in the header, or upload the file.',
    media: { image: 'image', video: 'video', document: 'document' },
    buttonValue: 'Button "{{label}}": end of the address',
    connection: 'Connection',
    defaultConnection: 'Default connection',
    upload: 'Upload file',
    preview: 'Preview',
    send: 'Send template',
    windowClosed:
      "More than 24 hours since the customer's last message: the official WhatsApp API only allows an approved template.",
    placeholder: 'Outside the 24-hour window: send a template',
  },
  campaignFailures: {
    title: 'Failures per contact',
    contact: 'Contact',
    number: 'Number',
    reason: 'Reason',
    at: 'When',
  },
};
