/**
 * The CI outputs checked against their published schemas (vendored in
 * tests/fixtures/schemas, README.md there says from where): JUnit XML
 * against Jenkins' junit-4 XSD and the xunit plugin's junit-10 XSD with
 * xmllint (libxml2 in WebAssembly), SARIF against the SARIF 2.1.0 JSON
 * schema with Ajv. Each returns the validator's errors: [] when valid.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { validateXML } from 'xmllint-wasm';

const SCHEMAS = path.resolve('tests/fixtures/schemas');
export const JUNIT_SCHEMAS = ['junit-4.xsd', 'junit-10.xsd'] as const;
export const SARIF_SCHEMA_FILE = path.join(SCHEMAS, 'sarif-2.1.0-rtm.5.json');

export async function junitSchemaErrors(xml: string): Promise<string[]> {
  const errors: string[] = [];
  for (const name of JUNIT_SCHEMAS) {
    const schema = readFileSync(path.join(SCHEMAS, name), 'utf8');
    const result = await validateXML({
      xml: [{ fileName: 'robotlens.xml', contents: xml }],
      schema: [{ fileName: name, contents: schema }],
    });
    if (!result.valid) errors.push(...result.errors.map((error) => `${name}: ${error.rawMessage}`));
  }
  return errors;
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };
let sarifValidator: Validate | undefined;

export function sarifSchemaErrors(sarif: unknown): string[] {
  if (!existsSync(SARIF_SCHEMA_FILE)) return [`${SARIF_SCHEMA_FILE} is missing`];
  if (!sarifValidator) {
    const schema = JSON.parse(readFileSync(SARIF_SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
    // The 2.1.0 schema declares draft-04 (`id`, `$schema`); its keywords mean the same in Ajv's draft-07.
    const { $schema: _draft, id: _id, ...rules } = schema;
    // unicodeRegExp off: the schema's language pattern (`…{2}]?$`) is valid only without the `u` flag.
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
    const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
    addFormats(ajv);
    sarifValidator = ajv.compile(rules) as Validate;
  }
  return sarifValidator(sarif) ? [] : (sarifValidator.errors ?? []).map((e) => JSON.stringify(e));
}
