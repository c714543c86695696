import { createFederatedConfig } from '../../tools/federation/rspack-config.mjs';

export default createFederatedConfig({
  name: 'common_room',
  projectDir: 'remotes/common-room',
  title: 'Croft Common — common room (standalone)',
  exposes: { './Routes': './src/routes.tsx' },
});
