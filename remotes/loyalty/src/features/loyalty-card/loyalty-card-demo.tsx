import { useState } from 'react';
import { Button, PageFrame } from '@croft/ui';
import LoyaltyCard from './loyalty-card';

/** Standalone page for QA: opens the exposed dialog against MSW mocks. */
export function LoyaltyCardDemo() {
  const [open, setOpen] = useState(false);
  return (
    <PageFrame title="LoyaltyCard (standalone)" section="home" intro="The dialog this remote exposes, as the site opens it.">
      <Button onClick={() => setOpen(true)}>Open the loyalty card</Button>
      <LoyaltyCard open={open} onClose={() => setOpen(false)} />
    </PageFrame>
  );
}
