// Every remote's build and dev server: `rspack build|serve -c tools/federation/remote.rspack.config.mjs
// --env remote=<folder>`, run by the targets tools/nx-plugin infers for remotes/<folder>.
import { createRemoteConfig } from './rspack-config.mjs';

export default createRemoteConfig;
