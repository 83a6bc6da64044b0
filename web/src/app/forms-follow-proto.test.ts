import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AnnouncementRequestSchema,
  CompanyRequestSchema,
  CompanyUserUpdateSchema,
  CreateConnectionSchema,
  CreateContactSchema,
  CreateUserRequestSchema,
  ExternalSendRequestSchema,
  HelpRequestSchema,
  PlanRequestSchema,
  QueueBodySchema,
  ScheduleBodySchema,
  TagBodySchema,
} from '@cs/proto/http';
import { announcementFormSchema } from '../features/announcements/utils/announcement-form';
import { connectionFormSchema } from '../features/connections/utils/connection-form';
import { messagesApiFormSchema } from '../features/messages-api/utils/messages-api-form';
import { queueFormSchema } from '../features/queues/utils/queue-form';
import { scheduleFormSchema } from '../features/schedules/utils/schedule-rules';
import { companyFormSchema, helpFormSchema, planFormSchema } from '../features/settings/utils/settings-form';
import { tagFormSchema } from '../features/tags/utils/tag-form';
import { userFormSchema } from '../features/users/utils/user-form';
import { ContactFormSchema } from '../lib/contact-form';
import { rulesOf } from '../lib/form-rules';

/** The translation stub: the key itself is the message. */
const t = (key: string) => key;

/** A text of `length` characters (of an e-mail: a valid address; of a number: digits). */
type Sample = (length: number) => string;
const letters: Sample = (length) => 'a'.repeat(length);
const email: Sample = (length) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
const digits: Sample = (length) => '1'.repeat(length);

/**
 * Each form field whose rules come from proto: the form, its field, the proto field it follows, its samples and,
 * where the form requires what proto leaves to the route (the text tab's body), `required`.
 */
const derived: Array<{
  form: string;
  schema: z.ZodObject;
  field: string;
  proto: z.ZodType;
  sample?: Sample;
  required?: boolean;
}> = [
  { form: 'contact', schema: ContactFormSchema, field: 'name', proto: CreateContactSchema.shape.name },
  { form: 'contact', schema: ContactFormSchema, field: 'number', proto: CreateContactSchema.shape.number },
  { form: 'tag', schema: tagFormSchema(t), field: 'name', proto: TagBodySchema.shape.name },
  { form: 'queue', schema: queueFormSchema(t), field: 'name', proto: QueueBodySchema.shape.name },
  { form: 'queue', schema: queueFormSchema(t), field: 'color', proto: QueueBodySchema.shape.color },
  { form: 'schedule', schema: scheduleFormSchema(t), field: 'body', proto: ScheduleBodySchema.shape.body },
  {
    form: 'announcement',
    schema: announcementFormSchema(t),
    field: 'title',
    proto: AnnouncementRequestSchema.shape.title,
  },
  {
    form: 'announcement',
    schema: announcementFormSchema(t),
    field: 'text',
    proto: AnnouncementRequestSchema.shape.text,
  },
  {
    form: 'company',
    schema: companyFormSchema(t, true),
    field: 'name',
    proto: CompanyRequestSchema.shape.name,
  },
  { form: 'plan', schema: planFormSchema(t), field: 'name', proto: PlanRequestSchema.shape.name },
  { form: 'help', schema: helpFormSchema(t), field: 'title', proto: HelpRequestSchema.shape.title },
  { form: 'help', schema: helpFormSchema(t), field: 'video', proto: HelpRequestSchema.shape.video },
  {
    form: 'help',
    schema: helpFormSchema(t),
    field: 'description',
    proto: HelpRequestSchema.shape.description,
  },
  {
    form: 'connection',
    schema: connectionFormSchema(t),
    field: 'name',
    proto: CreateConnectionSchema.shape.name,
  },
  { form: 'new user', schema: userFormSchema(t, true), field: 'name', proto: CreateUserRequestSchema.shape.name },
  {
    form: 'new user',
    schema: userFormSchema(t, true),
    field: 'email',
    proto: CreateUserRequestSchema.shape.email,
    sample: email,
  },
  {
    form: 'new user',
    schema: userFormSchema(t, true),
    field: 'password',
    proto: CreateUserRequestSchema.shape.password,
  },
  { form: 'user edit', schema: userFormSchema(t, false), field: 'name', proto: CreateUserRequestSchema.shape.name },
  {
    form: 'user edit',
    schema: userFormSchema(t, false),
    field: 'email',
    proto: CreateUserRequestSchema.shape.email,
    sample: email,
  },
  {
    form: 'user edit',
    schema: userFormSchema(t, false),
    field: 'password',
    proto: CompanyUserUpdateSchema.shape.password,
  },
  {
    form: 'messages API (text)',
    schema: messagesApiFormSchema(t, 'text'),
    field: 'number',
    proto: ExternalSendRequestSchema.shape.number,
    sample: digits,
  },
  {
    form: 'messages API (text)',
    schema: messagesApiFormSchema(t, 'text'),
    field: 'body',
    proto: ExternalSendRequestSchema.shape.body,
    required: true,
  },
  {
    form: 'messages API (media)',
    schema: messagesApiFormSchema(t, 'media'),
    field: 'body',
    proto: ExternalSendRequestSchema.shape.body,
  },
];

describe('the forms follow the rules of proto', () => {
  it.each(derived)(
    "$form form's $field: proto's length limits and required rule",
    ({ schema, field, proto, sample = letters, required }) => {
      const formField = schema.shape[field] as z.ZodType;
      const rules = rulesOf(proto);
      const fails = (value: string) => !formField.safeParse(value).success;
      if (rules.maxLength !== undefined) {
        expect(fails(sample(rules.maxLength))).toBe(false);
        expect(fails(sample(rules.maxLength + 1))).toBe(true);
      }
      if (rules.minLength !== undefined && rules.minLength > 1) {
        expect(fails(sample(rules.minLength))).toBe(false);
        expect(fails(sample(rules.minLength - 1))).toBe(true);
      }
      expect(fails('')).toBe(required ?? rules.required);
    },
  );

  it.each([
    ['5511999999999', true],
    ['+55 (11) 99999-9999', true],
    ['55 11 999', false],
    ['+1 234 567 890 123 456 789 01', false],
    ['', false],
  ])("messages API form's number %j: accepted as proto accepts it (%s)", (number, valid) => {
    const form = messagesApiFormSchema(t, 'text').shape.number;
    expect(ExternalSendRequestSchema.shape.number.safeParse(number).success).toBe(valid);
    expect(form.safeParse(number).success).toBe(valid);
  });
});
