import { describe, expect, it } from 'vitest';
import {
  CompanyUserUpdateSchema,
  ExternalSendRequestSchema,
  HelpRequestSchema,
  PromptRequestSchema,
  QueueBodySchema,
  QuickMessageBodySchema,
} from '@cs/proto/http';
import { digitsField, numberField, rulesOf, textField } from './form-rules';

describe("a proto field's rules", () => {
  it('reads length limits, whether the field is required and its format through wrappers and pipes', () => {
    expect(rulesOf(QueueBodySchema.shape.name)).toEqual({ required: true, minLength: 2, maxLength: 50 });
    expect(rulesOf(HelpRequestSchema.shape.video)).toMatchObject({ required: false, maxLength: 200 });
    expect(rulesOf(QuickMessageBodySchema.shape.shortcode)).toMatchObject({ required: true, maxLength: 100 });
  });

  it("gives a text field proto's limits with the form's own messages", () => {
    const name = textField(QueueBodySchema.shape.name, {
      required: 'Obrigatório',
      tooShort: 'Curto',
      tooLong: 'Longo',
    });
    const issue = (value: string) => name.safeParse(value).error?.issues[0]?.message;
    expect(issue('  ')).toBe('Obrigatório');
    expect(issue('a')).toBe('Curto');
    expect(issue('a'.repeat(51))).toBe('Longo');
    expect(name.parse('  Vendas ')).toBe('Vendas');
  });

  it('lets an optional field stay empty while a value keeps its minimum', () => {
    const password = textField(CompanyUserUpdateSchema.shape.password, { tooShort: 'Curta' }, { trim: false });
    expect(password.safeParse('').success).toBe(true);
    expect(password.safeParse('1234').error?.issues[0]?.message).toBe('Curta');
    expect(password.safeParse('12345').success).toBe(true);
  });

  it('measures a number by its digits, as proto does, and yields them', () => {
    const number = digitsField(ExternalSendRequestSchema.shape.number, {
      required: 'Obrigatório',
      tooShort: 'Inválido',
      tooLong: 'Inválido',
    });
    expect(number.safeParse(' ').error?.issues[0]?.message).toBe('Obrigatório');
    expect(number.safeParse('+55 (11)').error?.issues[0]?.message).toBe('Inválido');
    expect(number.parse('+55 (11) 99999-9999')).toBe('5511999999999');
  });
});

describe("the prompt form's numbers", () => {
  it.each(['maxTokens', 'temperature', 'maxMessages'] as const)("%s: proto's bounds, typed as text", (key) => {
    const field = numberField(PromptRequestSchema.shape[key]);
    const { minValue, maxValue } = rulesOf(PromptRequestSchema.shape[key]);
    expect(field.safeParse(String(minValue)).success).toBe(true);
    expect(field.safeParse(String(maxValue)).success).toBe(true);
    expect(field.safeParse(String((minValue ?? 0) - 1)).success).toBe(false);
    expect(field.safeParse(String((maxValue ?? 0) + 1)).success).toBe(false);
  });

  it('takes whole numbers only where proto does', () => {
    expect(numberField(PromptRequestSchema.shape.maxTokens).safeParse('10.5').success).toBe(false);
    expect(numberField(PromptRequestSchema.shape.temperature).safeParse('0.5').data).toBe(0.5);
  });
});
