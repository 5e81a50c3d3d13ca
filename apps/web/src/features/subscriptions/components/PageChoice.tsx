import { useQuery } from '@tanstack/react-query';
import { Form, Radio, Select } from 'antd';
import { reportPagesQuery } from '../api/subscriptions-api.ts';

/** Whether a subscription sends every page or the ones chosen (`pages`). */
export type PageScope = 'all' | 'chosen';

const scopes: { value: PageScope; label: string }[] = [
  { value: 'all', label: 'Todas las páginas' },
  { value: 'chosen', label: 'Páginas elegidas' },
];

/**
 * "Todas las páginas" or chosen pages of the report, by the names the report shows. A stored
 * page the report no longer lists keeps its own name, so editing never drops it unseen.
 */
export function PageChoice({ reportUid }: { reportUid: string | undefined }) {
  const form = Form.useFormInstance();
  const scope = Form.useWatch<PageScope | undefined>('pageScope', form);
  const chosen = Form.useWatch<string[] | undefined>('pages', form) ?? [];
  const pages = useQuery(reportPagesQuery(reportUid));
  const listed = pages.data ?? [];
  const options = [
    ...listed.map((p) => ({ value: p.name, label: p.displayName || p.name })),
    ...chosen
      .filter((name) => !listed.some((p) => p.name === name))
      .map((name) => ({
        value: name,
        label: name,
      })),
  ];
  return (
    <>
      <Form.Item name="pageScope" label="Páginas">
        <Radio.Group options={scopes} />
      </Form.Item>
      {/* Unmounted while "all" is chosen: the form keeps the pages, so a second change back finds them. */}
      {scope === 'chosen' && (
        <Form.Item name="pages" rules={[{ required: true, message: 'Elija una o más páginas.' }]}>
          <Select
            aria-label="Páginas a enviar"
            mode="multiple"
            optionFilterProp="label"
            loading={pages.isLoading}
            options={options}
            notFoundContent={
              reportUid ? 'El informe no tiene páginas.' : 'Elija primero el informe.'
            }
          />
        </Form.Item>
      )}
    </>
  );
}
