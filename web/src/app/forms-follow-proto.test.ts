import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AnnouncementRequestSchema,
  CompanyRequestSchema,
  CreateConnectionSchema,
  CreateContactSchema,
  HelpRequestSchema,
  PlanRequestSchema,
  QueueBodySchema,
  ScheduleBodySchema,
  TagBodySchema,
} from '@cs/proto/http';
import { announcementFormSchema } from '../features/announcements/utils/announcement-form';
import { connectionFormSchema } from '../features/connections/utils/connection-form';
import { queueFormSchema } from '../features/queues/utils/queue-form';
import { scheduleFormSchema } from '../features/schedules/utils/schedule-rules';
import { companyFormSchema, helpFormSchema, planFormSchema } from '../features/settings/utils/settings-form';
import { tagFormSchema } from '../features/tags/utils/tag-form';
import { ContactFormSchema } from '../lib/contact-form';
import { rulesOf } from '../lib/form-rules';

/** The translation stub: the key itself is the message. */
const t = (key: string) => key;

/** Each form field whose rules come from proto: the form, its field, and the proto field it follows. */
const derived: Array<{ form: string; schema: z.ZodObject; field: string; proto: z.ZodType }> = [
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
];

describe('the forms follow the rules of proto', () => {
  it.each(derived)("$form form's $field: proto's length limits and required rule", ({ schema, field, proto }) => {
    const formField = schema.shape[field] as z.ZodType;
    const rules = rulesOf(proto);
    const fails = (value: string) => !formField.safeParse(value).success;
    if (rules.maxLength !== undefined) {
      expect(fails('a'.repeat(rules.maxLength))).toBe(false);
      expect(fails('a'.repeat(rules.maxLength + 1))).toBe(true);
    }
    if (rules.minLength !== undefined && rules.minLength > 1) {
      expect(fails('a'.repeat(rules.minLength))).toBe(false);
      expect(fails('a'.repeat(rules.minLength - 1))).toBe(true);
    }
    expect(fails('')).toBe(rules.required);
  });
});
