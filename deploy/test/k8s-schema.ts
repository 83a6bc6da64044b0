/**
 * Offline validation of Kubernetes objects against the API schema of a current Kubernetes release, as an API server
 * with strict field validation (kubectl's default) would judge them:
 * - types, required fields and formats: the validators `kubernetes-models` compiles from Kubernetes' OpenAPI
 *   document (`Model.validate()`, its public API);
 * - unknown fields (a typo such as `livenesProbe`, a key at the wrong level): the same package's type declarations,
 *   generated from that document, walked with the TypeScript compiler's API alongside the object.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/** The kinds the manifests use, by `apiVersion/kind`: the module of kubernetes-models that declares each. */
const KINDS: Record<string, string> = {
  'v1/Namespace': 'v1/Namespace',
  'v1/ConfigMap': 'v1/ConfigMap',
  'v1/Service': 'v1/Service',
  'v1/PersistentVolumeClaim': 'v1/PersistentVolumeClaim',
  'apps/v1/Deployment': 'apps/v1/Deployment',
  'batch/v1/Job': 'batch/v1/Job',
  'autoscaling/v2/HorizontalPodAutoscaler': 'autoscaling/v2/HorizontalPodAutoscaler',
  'policy/v1/PodDisruptionBudget': 'policy/v1/PodDisruptionBudget',
  'networking.k8s.io/v1/Ingress': 'networking.k8s.io/v1/Ingress',
};

export interface KubernetesObject {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly namespace?: string };
  readonly [field: string]: unknown;
}

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

const modelsRoot = dirname(createRequire(import.meta.url).resolve('kubernetes-models/package.json'));

/** The TypeScript program over the declarations of every kind above, made once. */
let program: { checker: ts.TypeChecker; types: Map<string, ts.Type> } | undefined;
function declarations(): { checker: ts.TypeChecker; types: Map<string, ts.Type> } {
  if (program) return program;
  const files = Object.fromEntries(Object.entries(KINDS).map(([key, path]) => [key, join(modelsRoot, `${path}.d.ts`)]));
  const created = ts.createProgram(Object.values(files), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const checker = created.getTypeChecker();
  const types = new Map<string, ts.Type>();
  for (const [key, file] of Object.entries(files)) {
    const source = created.getSourceFile(file);
    const kind = key.slice(key.lastIndexOf('/') + 1);
    const declaration = source?.statements.find(
      (statement): statement is ts.InterfaceDeclaration =>
        ts.isInterfaceDeclaration(statement) && statement.name.text === `I${kind}`,
    );
    if (!declaration) throw new Error(`kubernetes-models declares no I${kind} in ${file}`);
    types.set(key, checker.getTypeAtLocation(declaration));
  }
  program = { checker, types };
  return program;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields of `value` its declared type does not have, as JSON paths (`spec.template.spec.containers[0].livenesProbe`). */
function unknownFields(checker: ts.TypeChecker, value: unknown, declared: ts.Type, path: string): string[] {
  const type = checker.getNonNullableType(declared);
  if (Array.isArray(value)) {
    const element = type.getNumberIndexType();
    return element ? value.flatMap((item, index) => unknownFields(checker, item, element, `${path}[${index}]`)) : [];
  }
  if (!isPlainObject(value)) return [];
  const properties = checker.getPropertiesOfType(type);
  if (properties.length === 0) {
    // a map (`labels`, `requests`): its values have the index signature's type; `any` and unions end the walk
    const values = type.getStringIndexType();
    if (!values || values.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return [];
    return Object.entries(value).flatMap(([key, item]) => unknownFields(checker, item, values, `${path}.${key}`));
  }
  const byName = new Map(properties.map((property) => [property.getName(), property]));
  return Object.entries(value).flatMap(([key, item]) => {
    const property = byName.get(key);
    const at = path ? `${path}.${key}` : key;
    if (!property) return [at];
    return unknownFields(checker, item, checker.getTypeOfSymbol(property), at);
  });
}

/** Why the API server would refuse `object`: an empty list when it would not. */
export async function schemaProblems(object: KubernetesObject): Promise<string[]> {
  const key = `${object.apiVersion}/${object.kind}`;
  const module = KINDS[key];
  if (!module) return [`${key} is not a kind these manifests are checked for (add it to deploy/test/k8s-schema.ts)`];
  const exports = (await import(`kubernetes-models/${module.slice(0, module.lastIndexOf('/'))}`)) as Record<
    string,
    ModelClass
  >;
  const Kind = exports[object.kind];
  if (!Kind) return [`kubernetes-models has no ${key}`];
  const problems: string[] = [];
  try {
    new Kind(object).validate();
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  }
  const { checker, types } = declarations();
  const declared = types.get(key);
  if (declared) {
    for (const field of unknownFields(checker, object, declared, '')) problems.push(`unknown field "${field}"`);
  }
  return problems;
}
