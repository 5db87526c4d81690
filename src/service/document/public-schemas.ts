/** The schemas of the probes' answers (GET /healthz, GET /readyz), for components.schemas. */

/** The health document of GET /healthz. */
const healthSchema = {
  title: 'Health',
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ok'] },
    version: { type: 'string', description: 'Seed version served to new runs.' },
    commit: { type: 'string', description: 'Git commit the seed was built from, when known.' },
  },
  required: ['status', 'version'],
  additionalProperties: false,
} as const;

/** The readiness document of GET /readyz. */
const readinessSchema = {
  title: 'Readiness',
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['ready', 'not-ready'] },
    version: { type: 'string', description: 'Seed version served to new runs.' },
    reason: {
      type: 'string',
      description:
        'Why the replica should not get traffic now (not-ready only): starting, stopping, its seed store cannot be read, or a read of the store has not answered for longer than the poll interval.',
    },
  },
  required: ['status', 'version'],
  additionalProperties: false,
} as const;

/** The probes' schemas, for components.schemas. */
export const publicSchemas = { Health: healthSchema, Readiness: readinessSchema };
