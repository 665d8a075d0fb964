/**
 * Where a package sits in a project's node_modules tree: every copy npm installed, at the top and
 * nested under other packages, so a test can tell one shared copy from several.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The folders (from `root`, e.g. `node_modules/rxjs`) of every installed copy of `name`. */
export function installedCopies(root: string, name: string, under = 'node_modules'): string[] {
  if (!existsSync(join(root, under))) return [];
  const packages = readdirSync(join(root, under), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) =>
      entry.name.startsWith('@')
        ? readdirSync(join(root, under, entry.name), { withFileTypes: true }).filter((inner) => inner.isDirectory()).map((inner) => `${entry.name}/${inner.name}`)
        : [entry.name],
    );
  return packages.flatMap((pkg) => [
    ...(pkg === name && existsSync(join(root, under, pkg, 'package.json')) ? [`${under}/${pkg}`] : []),
    ...installedCopies(root, name, `${under}/${pkg}/node_modules`),
  ]);
}
