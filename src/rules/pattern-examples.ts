import { defineRule } from './define.js';

// STUB: to be implemented (see the issue). The check does nothing yet.
export default defineRule({
  id: 'pattern-examples',
  severity: 'error',
  description: 'TODO',
  check() {},
});
