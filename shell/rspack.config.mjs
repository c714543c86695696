import { createFederatedConfig } from '../tools/federation/rspack-config.mjs';

export default createFederatedConfig({ name: 'shell', projectDir: 'shell', isShell: true, title: 'Croft Common' });
