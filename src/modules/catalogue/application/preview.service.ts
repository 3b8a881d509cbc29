import { Injectable } from '@nestjs/common';

/** A customer's preview as `/account/previews` and `GET /api/previews` show it. */
export interface CustomerPreviewView {
  id: number;
  product: { id: number; slug: string; title: string };
  state: 'pending' | 'active' | 'expired' | 'revoked';
  requested_at: string;
  approved_at: string | null;
  expires_at: string | null;
  /** Where the customer watches it; null unless active. */
  watch_url: string | null;
}

/**
 * Free previews of a product's preview video (product.md).
 * SLOT: the previews-and-views slice fills this in (issue 4); the signatures are what pages rely on.
 */
@Injectable()
export class PreviewService {
  listForCustomer(_userId: number): Promise<CustomerPreviewView[]> {
    throw new Error('PreviewService.listForCustomer is not built yet');
  }
}
