import { assistMessages, MESSAGE_CHARS, transcriptOf } from './assist-conversation.js';

const customer = (body: string, mediaType = 'chat') => ({ fromMe: false, body, mediaType });
const agent = (body: string) => ({ fromMe: true, body, mediaType: 'chat' });

describe('the transcript sent to the endpoint', () => {
  it('is oldest first, names who wrote each line and marks media', () => {
    const newestFirst = [agent('Claro, qual o número?'), customer('foto.jpg', 'image'), customer('Oi, quero trocar')];
    expect(transcriptOf(newestFirst, 10_000)).toBe(
      ['Cliente: Oi, quero trocar', 'Cliente: [image] foto.jpg', 'Atendente: Claro, qual o número?'].join('\n'),
    );
  });

  it('cuts each message to MESSAGE_CHARS and leaves out empty ones', () => {
    const text = transcriptOf([customer('y'.repeat(MESSAGE_CHARS + 500)), customer('   ')], 10_000);
    expect(text).toBe(`Cliente: ${'y'.repeat(MESSAGE_CHARS)}…`);
  });

  it('keeps the newest messages that fit in the budget, never more', () => {
    const newestFirst = Array.from({ length: 50 }, (_, i) => customer(`mensagem número ${50 - i}`));
    const text = transcriptOf(newestFirst, 200);
    expect(text.length).toBeLessThanOrEqual(200);
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('Cliente: mensagem número 50');
    expect(lines[0]).toBe(`Cliente: mensagem número ${51 - lines.length}`);
  });

  it('goes after the instruction of its kind', () => {
    const [system, user] = assistMessages('summary', 'Cliente: oi');
    expect(system?.role).toBe('system');
    expect(system?.content).toMatch(/^Resuma/);
    expect(user).toEqual({ role: 'user', content: 'Conversa (da mais antiga para a mais recente):\nCliente: oi' });
    expect(assistMessages('suggestion', '')[0]?.content).toMatch(/^Escreva um rascunho/);
  });
});
