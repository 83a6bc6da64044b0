import { z } from 'zod';
import { SchemaComponents } from './openapi-components.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

describe(SchemaComponents.name, () => {
  it('writes a schema with an id once, as a component referenced at any depth, with its request form apart', () => {
    const Thing = z
      .object({ name: z.string(), size: z.coerce.number<string | number>().int().default(1) })
      .meta({ id: 'GenSpecThing' });
    const response = z.object({ things: z.array(Thing), first: Thing });
    const body = z.object({ thing: Thing, note: z.string().optional() });
    const sut = new SchemaComponents([response, body]);

    const answer = sut.schema(response, 'output');
    expect(answer).toMatchObject({
      type: 'object',
      properties: { things: { type: 'array', items: ref('GenSpecThing') }, first: ref('GenSpecThing') },
    });
    // a default makes `size` optional in requests only: the request side gets its own component
    const request = sut.schema(body, 'input');
    expect(request).toMatchObject({ properties: { thing: ref('GenSpecThingInput') } });
    expect(sut.componentsFor({ answer, request })).toEqual({
      GenSpecThing: expect.objectContaining({ required: ['name', 'size'] }),
      GenSpecThingInput: expect.objectContaining({ required: ['name'] }),
    });
  });

  it('references a named schema itself when a route uses it whole, and keeps unreferenced ones out', () => {
    const Named = z.object({ id: z.number().int() }).meta({ id: 'GenSpecNamed' });
    z.object({ unused: z.string() }).meta({ id: 'GenSpecUnused' });
    const sut = new SchemaComponents([Named]);
    const schema = sut.schema(Named, 'output');
    expect(schema).toEqual(ref('GenSpecNamed'));
    expect(Object.keys(sut.componentsFor(schema))).toEqual(['GenSpecNamed']);
    expect(sut.resolve(schema)).toMatchObject({ type: 'object', properties: { id: { type: 'integer' } } });
  });

  it('asks for a name for a recursive schema (a reference needs a component to point to)', () => {
    const Node: z.ZodType = z.object({
      label: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    expect(() => new SchemaComponents([Node]).schema(Node, 'output')).toThrow(/recursive schema without a name/);
  });
});
