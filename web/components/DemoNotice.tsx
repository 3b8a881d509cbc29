import { useShell } from '../lib/shell.js';

/**
 * Issue 25: a shop running the embedded test payment provider charges nobody, so every storefront page says so
 * where nobody can miss it (`make start` runs this way). Dark text on the accent yellow: a contrast of about 10:1.
 */
export function DemoNotice() {
  const { paymentsSimulated } = useShell();
  if (!paymentsSimulated) return null;
  return (
    <p className="demo-notice" role="note" data-demo-notice="">
      <strong>Demo shop: payments are simulated.</strong> No card is charged.
    </p>
  );
}
