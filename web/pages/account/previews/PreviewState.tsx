import type { CustomerPreviewView } from '../../../../src/modules/catalogue/index.js';
import './previews.css';

const LABELS: Record<CustomerPreviewView['state'], string> = {
  pending: 'Awaiting approval',
  active: 'Active',
  expired: 'Expired',
  revoked: 'Withdrawn',
};

/** A preview's state as a coloured label ("Active", "Awaiting approval", …). */
export function PreviewState({ state }: { state: CustomerPreviewView['state'] }) {
  return (
    <span className={`preview-state preview-state--${state}`} data-preview-state={state}>
      {LABELS[state]}
    </span>
  );
}
