import { useQueryClient } from '@tanstack/react-query';
import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { UploadField } from '../../kit/UploadField.js';
import { brandFields, brands, type Brand } from './brand.resource.js';

export function Component() {
  const queryClient = useQueryClient();
  return (
    <ResourceEditor<Brand>
      resource={brands}
      fields={brandFields}
      defaults={{ sort_order: '0' }}
      title={(brand) => brand.name}
      deleteWarning={(brand) => `Its ${brand.product_count} product(s) stay in the shop without a brand, and its logo is deleted.`}
    >
      {(brand) => (
        <section className="admin-panel" aria-label="Logo">
          <UploadField<Brand>
            label="Logo"
            accepts="PNG, JPEG or WebP, at most 2 MB. It is stored as WebP, at most 800 pixels wide."
            accept="image/png,image/jpeg,image/webp"
            currentUrl={brand.logo_url}
            previewAlt={`${brand.name} logo`}
            uploadPath={`${brands.api}/${brand.id}/logo`}
            removePath={`${brands.api}/${brand.id}/logo`}
            onChanged={(updated) => {
              queryClient.setQueryData([brands.api, String(brand.id)], updated);
              void queryClient.invalidateQueries({ queryKey: [brands.api], exact: false });
            }}
          />
        </section>
      )}
    </ResourceEditor>
  );
}
