import { createFederatedConfig } from '../../tools/federation/rspack-config.mjs';

export default createFederatedConfig({
  name: 'site',
  projectDir: 'remotes/site',
  title: 'Croft Common — site (standalone)',
  exposes: { './Routes': './src/routes.tsx' },
});
