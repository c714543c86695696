import { createFederatedConfig } from '../../tools/federation/rspack-config.mjs';

export default createFederatedConfig({
  name: 'cms',
  projectDir: 'remotes/cms',
  title: 'Croft Common — cms (standalone)',
  exposes: { './Routes': './src/routes.tsx', './Overlay': './src/overlay/edit-overlay.tsx' },
});
