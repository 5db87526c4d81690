/**
 * Checks an HTTP answer against the service's OpenAPI document, as a client generated from the document would read
 * it: the status is one the operation lists; every header the document marks required is there; every header it
 * declares that is there matches its schema; the body matches the schema of its media type (Ajv, JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1); a HEAD answer, a 304, has no body. Besides the document, the rules of every
 * answer: X-Request-Id and Cache-Control, and never a 5xx (unless allowed). Used by the Prism run and the fuzz.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const Ajv2020 = (Ajv2020Module as any).default ?? Ajv2020Module;
const addFormats = (addFormatsModule as any).default ?? addFormatsModule;

/** An answer as seen on the wire: status, headers (lower-case names), body bytes. */
export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer | string;
}

/** An operation of the document, for a concrete request. */
export interface OperationAt {
  /** The path template (/api/v1/rails/{id}). */
  template: string;
  method: string;
  op: any;
}

const METHODS = ['get', 'head', 'post', 'put', 'delete', 'patch', 'options', 'trace'];
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The document, compiled for checking answers. */
export class ApiContract {
  private readonly ajv: any;
  private readonly validators = new Map<string, (value: unknown) => boolean>();
  private readonly templates: Array<{ template: string; re: RegExp; fixed: number }>;

  constructor(readonly doc: any) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(doc, 'openapi.json');
    // Fixed segments first: /api/v1/openapi.json before a template that could match it.
    this.templates = Object.keys(doc.paths)
      .map((template) => ({
        template,
        re: new RegExp(
          `^${template
            .split('/')
            .map((s) => (/^\{.+\}$/.test(s) ? '[^/]+' : escapeRegExp(s)))
            .join('/')}$`,
        ),
        fixed: template.split('/').filter((s) => !/^\{.+\}$/.test(s)).length,
      }))
      .sort((a, b) => b.fixed - a.fixed);
  }

  /** Follows a reference to a component (responses, headers). */
  resolve(node: any): any {
    if (!node?.$ref) return node;
    return node.$ref
      .slice(2)
      .split('/')
      .reduce((at: any, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], this.doc);
  }

  /** The path template a concrete path (raw, as sent) matches, if any. */
  templateOf(path: string): string | undefined {
    return this.templates.find((t) => t.re.test(path))?.template;
  }

  /**
   * The operation of a method on a concrete path; for a method the path does not have (DELETE on a GET path), the
   * operation that documents the 405 it gets (the GET or the POST of that path).
   */
  operationOf(method: string, path: string): OperationAt | undefined {
    const template = this.templateOf(path);
    if (!template) return undefined;
    const item = this.doc.paths[template];
    const m = method.toLowerCase();
    if (METHODS.includes(m) && item[m]) return { template, method: m, op: item[m] };
    const documenting = item.get ? 'get' : 'post';
    return { template, method: documenting, op: item[documenting] };
  }

  private validator(pointer: string): (value: unknown) => boolean {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#${pointer}` }) as (value: unknown) => boolean;
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  private errorsOf(pointer: string, value: unknown): string | undefined {
    const validate = this.validator(pointer) as any;
    return validate(value) ? undefined : this.ajv.errorsText(validate.errors, { dataVar: 'body' });
  }

  /** The pointer of a response: the component it refers to, or where it is. */
  private responsePointer(at: OperationAt, status: string): string {
    const response = at.op.responses[status];
    if (response.$ref) return response.$ref.slice(1);
    const enc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
    return `/paths/${enc(at.template)}/${at.method}/responses/${status}`;
  }

  /**
   * What is wrong with an answer to `method url`, in words; empty when nothing is. `allow5xx`: statuses of 5xx that
   * are expected in this run (a store made unreadable on purpose).
   */
  check(method: string, url: string, answer: Answer, options: { allow5xx?: number[] } = {}): string[] {
    const problems: string[] = [];
    const where = `${method} ${url.slice(0, 200)} -> ${answer.status}`;
    if (answer.status >= 500 && !options.allow5xx?.includes(answer.status)) problems.push(`${where}: a 5xx`);
    for (const name of ['x-request-id', 'cache-control']) if (answer.headers[name] === undefined) problems.push(`${where}: no ${name} header`);
    const q = url.indexOf('?');
    const path = pathOfTarget(q === -1 ? url : url.slice(0, q));
    const at = this.operationOf(method, path);
    let body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
    // The body as a client reads it: decoded from the Content-Encoding the service chose.
    const coding = answer.headers['content-encoding'];
    if (coding !== undefined && body.length > 0) {
      try {
        body = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
      } catch {
        problems.push(`${where}: the body is not valid ${coding}`);
      }
    }
    if (!at) {
      // No documented path: the error body of every error, the rules of every answer.
      if (answer.status < 400) problems.push(`${where}: a success on a path the document does not have`);
      else if (method !== 'HEAD') this.checkJson(`${where}: body`, '/components/schemas/Error', body, problems);
      return problems;
    }
    const status = String(answer.status);
    if (!at.op.responses[status]) {
      problems.push(`${where}: ${at.method.toUpperCase()} ${at.template} does not list ${status} (it lists ${Object.keys(at.op.responses).join(', ')})`);
      return problems;
    }
    const pointer = this.responsePointer(at, status);
    const response = this.resolve(at.op.responses[status]);
    this.checkHeaders(where, pointer, response, answer, problems);
    this.checkBody(where, method, pointer, response, answer, body, problems);
    return problems;
  }

  private checkHeaders(where: string, pointer: string, response: any, answer: Answer, problems: string[]): void {
    for (const [name, declared] of Object.entries<any>(response.headers ?? {})) {
      const header = this.resolve(declared);
      const raw = answer.headers[name.toLowerCase()];
      if (raw === undefined) {
        if (header.required) problems.push(`${where}: no ${name} header, which the document says is always sent`);
        continue;
      }
      const value = Array.isArray(raw) ? raw.join(', ') : raw;
      const schema = this.resolve(header.schema);
      // Header values are text; a header whose schema is a number is read as one (style: simple).
      const typed = (schema?.type === 'integer' || schema?.type === 'number') && /^-?[0-9]+(\.[0-9]+)?$/.test(value) ? Number(value) : value;
      const headerPointer = declared.$ref ? `${declared.$ref.slice(1)}/schema` : `${pointer}/headers/${name.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`;
      const wrong = this.errorsOf(headerPointer, typed);
      if (wrong) problems.push(`${where}: header ${name}: ${JSON.stringify(value).slice(0, 120)}: ${wrong}`);
    }
  }

  private checkBody(where: string, method: string, pointer: string, response: any, answer: Answer, body: Buffer, problems: string[]): void {
    if (method === 'HEAD' || answer.status === 304) {
      if (body.length > 0) problems.push(`${where}: a body on a ${method === 'HEAD' ? 'HEAD' : '304'} answer`);
      return;
    }
    const content = response.content as Record<string, any> | undefined;
    if (!content) {
      if (body.length > 0) problems.push(`${where}: a body the document does not describe`);
      return;
    }
    const type = String(answer.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    const media = Object.keys(content).find((m) => m.toLowerCase() === type);
    if (!media) {
      problems.push(`${where}: Content-Type ${type || '(none)'} is not one of ${Object.keys(content).join(', ')}`);
      return;
    }
    const mediaPointer = `${pointer}/content/${media.replace(/~/g, '~0').replace(/\//g, '~1')}/schema`;
    if (media === 'application/json') this.checkJson(`${where}: body`, mediaPointer, body, problems);
    else {
      const wrong = this.errorsOf(mediaPointer, body.toString('utf8'));
      if (wrong) problems.push(`${where}: body: ${wrong}`);
    }
  }

  private checkJson(where: string, pointer: string, body: Buffer, problems: string[]): void {
    let value: unknown;
    try {
      value = JSON.parse(body.toString('utf8'));
    } catch {
      problems.push(`${where}: not JSON: ${body.toString('utf8').slice(0, 120)}`);
      return;
    }
    const wrong = this.errorsOf(pointer, value);
    if (wrong) problems.push(`${where}: ${wrong}: ${body.toString('utf8').slice(0, 300)}`);
  }

  /** Every operation of the document, as "METHOD template". */
  operations(): string[] {
    return Object.entries<any>(this.doc.paths).flatMap(([template, item]) => METHODS.filter((m) => item[m]).map((m) => `${m.toUpperCase()} ${template}`));
  }
}

/** The path of a request target: its own path, or the path after the authority of an absolute-form target. */
function pathOfTarget(target: string): string {
  if (target.startsWith('/')) return target;
  const scheme = target.indexOf('://');
  const slash = scheme === -1 ? -1 : target.indexOf('/', scheme + 3);
  return slash === -1 ? target : target.slice(slash);
}
