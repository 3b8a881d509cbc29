import { jsonForScript, plainText, productStructuredData } from './catalogue-structured-data.js';

describe('productStructuredData', () => {
  const product = {
    title: 'Manual Handling',
    code: 'MH-1',
    summary: 'Lifting safely',
    description: '<p>Lift &amp; carry <strong>safely</strong>.</p>',
    images: [{ url: '/media/public/a.png', alt: 'Box', width: 10, height: 10 }, { url: 'https://cdn.example/b.png', alt: '', width: null, height: null }],
    brand: { name: 'SafeCo' },
    options: [
      { name: 'DVD', code: 'MH-DVD', price: 19_500, in_stock: true },
      { name: 'Licence', code: 'MH-ON', price: 5, in_stock: false },
    ],
  };

  it('states the product, its brand, absolute images and one Offer per option with the ex-VAT price', () => {
    const data = productStructuredData(product, 'https://shop.test/products/mh', 'https://shop.test');
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Manual Handling',
      sku: 'MH-1',
      description: 'Lift & carry safely .',
      image: ['https://shop.test/media/public/a.png', 'https://cdn.example/b.png'],
      brand: { '@type': 'Brand', name: 'SafeCo' },
    });
    expect(data.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer', sku: 'MH-DVD', price: '195.00', priceCurrency: 'GBP', availability: 'https://schema.org/InStock', url: 'https://shop.test/products/mh',
        priceSpecification: expect.objectContaining({ price: '195.00', valueAddedTaxIncluded: false }),
      }),
      expect.objectContaining({ sku: 'MH-ON', price: '0.05', availability: 'https://schema.org/OutOfStock' }),
    ]);
  });

  it('falls back to the summary and leaves out what is missing', () => {
    const data = productStructuredData({ ...product, description: '', images: [], brand: null }, 'u', 'p');
    expect(data.description).toBe('Lifting safely');
    expect(data).not.toHaveProperty('image');
    expect(data).not.toHaveProperty('brand');
  });
});

describe('jsonForScript', () => {
  it('can never close the script element, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });

  it('writes characters above U+00FF as escapes, so the page stays one byte a character, and Latin-1 as it is', () => {
    const value = { name: 'Online licence — 10 users, £12 🔥' };
    const json = jsonForScript(value);
    expect(json).toBe('{"name":"Online licence \\u2014 10 users, £12 \\ud83d\\udd25"}');
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('plainText', () => {
  it('drops tags and decodes entities', () => {
    expect(plainText('<h2>Hi</h2><p>Fish &amp; chips &#163;5 &#x2014; &nbsp;ok</p>')).toBe('Hi Fish & chips £5 — ok');
  });
});
