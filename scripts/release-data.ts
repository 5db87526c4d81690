/**
 * npm run release:data [-- --dry-run] [-- --today YYYY-MM-DD] [-- --dir catalog]
 * npm run build:data: the package's data files for the catalog as it is, without a new version (what npm pack packs).
 *
 * The release of @payout-catalog/data (packages/data): the previous release is the highest tag data-vX.Y.Z that HEAD
 * contains; catalog diff between it and the working tree decides the bump (major: breaking; minor: additions; patch:
 * re-verifications and wording). --dry-run prints the next version and its changelog and writes nothing. Without it,
 * the package's data, its version, releases.json and CHANGELOG.md are written, and the next steps printed (commit, tag,
 * publish). Exit code 0, 1 when there is nothing to release or the catalog has errors, 2 on a usage error.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { changelogSection } from '../src/release/changelog.js';
import { bumpReason } from '../src/release/bump.js';
import { planRelease, ReleaseError, TAG_PREFIX, writePackageData, writeRelease } from '../src/release/release.js';
import { todayOf } from '../src/domain/dates.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let values: { 'dry-run'?: boolean; 'data-only'?: boolean; today?: string; dir?: string };
try {
  ({ values } = parseArgs({
    options: { 'dry-run': { type: 'boolean' }, 'data-only': { type: 'boolean' }, today: { type: 'string' }, dir: { type: 'string' } },
    strict: true,
  }));
} catch (err) {
  console.error(`release:data: ${(err as Error).message} (flags: --dry-run, --data-only, --today YYYY-MM-DD, --dir catalog)`);
  process.exit(2);
}
const cwd = process.cwd();
const dir = values.dir ?? path.relative(cwd, path.join(root, 'catalog'));
const packageDir = path.join(root, 'packages/data');
const schemasDir = path.join(root, 'schemas');
const today = values.today ?? todayOf(new Date());

try {
  const plan = await planRelease({ dir, cwd, today });
  if (values['data-only']) {
    await writePackageData(packageDir, plan.seed, schemasDir);
    console.log(`wrote the data of packages/data: seed version ${plan.seed.meta.version}`);
    process.exit(0);
  }
  const { release, previous } = plan;
  const since = previous ? `${previous.tag} (${release.bump}: ${bumpReason(release.bump!)})` : 'no earlier release (no data-v* tag): the first release';
  console.log(`next version: ${release.version}, since ${since}\n`);
  console.log(changelogSection(release));
  if (values['dry-run']) process.exit(0);
  await writeRelease(packageDir, schemasDir, plan);
  console.log(
    `wrote packages/data ${release.version}. Then:\n  git add packages/data && git commit -m "@payout-catalog/data ${release.version}"\n  git tag ${TAG_PREFIX}${release.version}\n  npm publish packages/data`,
  );
} catch (err) {
  if (!(err instanceof ReleaseError)) throw err;
  console.error(`release:data: ${err.message}`);
  process.exit(1);
}
