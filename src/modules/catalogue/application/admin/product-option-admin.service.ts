import { Inject, Injectable } from '@nestjs/common';
import { InvalidInputError, NotFoundError } from '../../../../shared/domain-error.js';
import { Transactions } from '../../../../platform/persistence/index.js';
import { ProductOption, type OptionFields } from '../../domain/product-option.entity.js';
import type { Product } from '../../domain/product.entity.js';
import { PRODUCT_ADMIN_STORE, type ProductAdminStore } from '../ports/product-admin-store.port.js';
import { PRODUCT_OPTION_ADMIN_STORE, type ProductOptionAdminStore } from '../ports/product-option-admin-store.port.js';
import { PRODUCT_MEDIA_STORE, type ProductMediaStore } from '../ports/product-media-store.port.js';
import { toAdminOption } from './admin-mappers.js';
import { optionCodeTaken } from '../../domain/catalogue-admin-errors.js';
import type { AdminOptionView } from './admin-views.js';
import { withoutUndefined } from './partial.js';
import { lowestActivePrice } from './price-from.js';
import { ChangesStorefront } from '../../../../platform/cache/index.js';

/** What an administrator writes. On create, left-out fields take the defaults below; on update they keep their value. */
export type OptionInput = Pick<OptionFields, 'name' | 'code' | 'price' | 'kind'> & Partial<Omit<OptionFields, 'name' | 'code' | 'price' | 'kind'>>;

const DEFAULTS = { weight: 0, qty: null, seats: null, fileId: null, active: true } as const;

/**
 * A product's options (what goes in the basket). Every change runs in one transaction that first locks
 * the product row, then writes the option and the product's `price_from` (lowest active price): two
 * administrators editing options of one product at once are serialised, so price_from is never stale.
 */
@Injectable()
export class ProductOptionAdminService {
  constructor(
    @Inject(PRODUCT_ADMIN_STORE) private readonly products: ProductAdminStore,
    @Inject(PRODUCT_OPTION_ADMIN_STORE) private readonly options: ProductOptionAdminStore,
    @Inject(PRODUCT_MEDIA_STORE) private readonly media: ProductMediaStore,
    private readonly transactions: Transactions,
  ) {}

  @ChangesStorefront()
  async add(productId: number, input: OptionInput): Promise<AdminOptionView> {
    return this.transactions.run(async () => {
      const product = await this.lockProduct(productId);
      const options = await this.options.options(productId);
      const fields: OptionFields = {
        ...DEFAULTS,
        sortOrder: Math.max(-1, ...options.map((o) => o.sortOrder)) + 1,
        ...withoutUndefined(input),
      } as OptionFields;
      await this.check(productId, fields, null);
      const option = new ProductOption(productId, fields);
      await this.options.saveOption(option);
      await this.reprice(product, [...options, option]);
      return toAdminOption(option);
    });
  }

  @ChangesStorefront()
  async update(productId: number, optionId: number, input: Partial<OptionInput>): Promise<AdminOptionView> {
    return this.transactions.run(async () => {
      const product = await this.lockProduct(productId);
      const options = await this.options.options(productId);
      const option = options.find((o) => o.id === optionId);
      if (!option) throw new NotFoundError('Option');
      const fields: OptionFields = { ...currentFields(option), ...withoutUndefined(input) };
      await this.check(productId, fields, option);
      option.edit(fields);
      await this.options.saveOption(option);
      await this.reprice(product, options);
      return toAdminOption(option);
    });
  }

  @ChangesStorefront()
  async remove(productId: number, optionId: number): Promise<void> {
    await this.transactions.run(async () => {
      const product = await this.lockProduct(productId);
      const options = await this.options.options(productId);
      const option = options.find((o) => o.id === optionId);
      if (!option) throw new NotFoundError('Option');
      await this.options.removeOption(option);
      await this.reprice(product, options.filter((o) => o !== option));
    });
  }

  /** Rules that need the database: a unique code, and the unlocked file must be one of this product's. */
  private async check(productId: number, fields: OptionFields, own: ProductOption | null): Promise<void> {
    if (fields.code !== own?.code) {
      const owner = await this.options.findOptionByCode(fields.code);
      if (owner && owner.id !== own?.id) throw optionCodeTaken(fields.code);
    }
    if (fields.fileId !== null && !(await this.media.findFile(productId, fields.fileId))) {
      throw new InvalidInputError('file_id', 'No file of this product has that id.');
    }
    if (fields.kind === 'online_access' && fields.seats === null) {
      throw new InvalidInputError('seats', 'An online access option needs its number of seats (learners per unit bought, e.g. 10).');
    }
    if (fields.kind === 'download' && fields.fileId === null) {
      throw new InvalidInputError('file_id', 'A download option needs the file it unlocks: upload it to the product, then give its id.');
    }
  }

  private async reprice(product: Product, options: readonly ProductOption[]): Promise<void> {
    const priceFrom = lowestActivePrice(options);
    if (product.priceFrom === priceFrom) return;
    product.priceFrom = priceFrom;
    await this.products.save(product);
  }

  private async lockProduct(id: number): Promise<Product> {
    const product = await this.products.lock(id);
    if (!product) throw new NotFoundError('Product');
    return product;
  }
}

function currentFields(option: ProductOption): OptionFields {
  return {
    name: option.name, code: option.code, price: option.price, weight: option.weight, qty: option.qty, kind: option.kind, seats: option.seats,
    fileId: option.fileId, active: option.active, sortOrder: option.sortOrder,
  };
}
