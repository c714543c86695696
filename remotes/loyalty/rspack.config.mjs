import { createFederatedConfig } from '../../tools/federation/rspack-config.mjs';

export default createFederatedConfig({
  name: 'loyalty',
  projectDir: 'remotes/loyalty',
  title: 'Croft Common — loyalty (standalone)',
  exposes: { './LoyaltyCard': './src/features/loyalty-card/loyalty-card.tsx' },
});
