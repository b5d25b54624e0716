import type { TypographyStyle } from '../fields/TypographyStyleSetting';
import type { LinkTreeDocument } from '../widgets/LinkChooser';
import type { PickerGroup, PickerUserEntry } from '../widgets/UserGroupAddDialog';

/** Sample data of the toolkit gallery. */
export const USERS: PickerUserEntry[] = [
  { id: 2, name: 'Bea Brand', email: 'bea@example.com' },
  { id: 3, name: 'Carl Creative', email: 'carl@example.com' },
  { id: 4, name: null, email: 'pending@example.com' },
  { id: 5, name: 'Dora Declined', email: 'dora@example.com', subscribed: false },
  { id: 6, name: 'Emil Editor', email: 'emil@example.com' },
];

export const GROUPS: PickerGroup[] = [
  { id: 10, name: 'Design team', account_id: 1, user_ids: [2, 3] },
  { id: 11, name: 'Marketing', account_id: 1, user_ids: [6] },
  { id: 20, name: 'Agency partners', account_id: 2, account_name: 'Northwind Agency', user_ids: [30, 31] },
];

export const TREE: LinkTreeDocument[] = [
  {
    document_title: 'Brand guidelines',
    document_mode: 'DEFAULT',
    url: '/document/1',
    categories: [
      {
        category_title: 'Basics',
        pages: [
          {
            page_title: 'Logo',
            url: '/document/1#/basics/logo',
            headings: [{ id: 1, title: 'Clear space', url: '/document/1#/basics/logo/clear-space' }],
          },
          { page_title: 'Colours', url: '/document/1#/basics/colours' },
        ],
      },
    ],
  },
  { document_title: 'Media library', document_mode: 'MEDIALIBRARY', url: '/document/2', categories: [] },
];

export const TYPE_STYLE: TypographyStyle = {
  family: 'system-ui',
  family_css: 'system-ui, sans-serif',
  provider: 'system',
  weight: 700,
  size: '24px',
  line_height: '1.3',
  color: { rgb: 'rgb(31, 36, 36)', hex: '#1F2424', alpha: 100 },
  uppercase: false,
  italic: false,
  underline: false,
  letterspacing: '0.5',
};

export const SAMPLE_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#1b3a6b"/><stop offset="1" stop-color="#1e7b45"/></linearGradient></defs><rect width="1600" height="900" fill="url(#g)"/><circle cx="800" cy="450" r="220" fill="#f4c542"/></svg>',
  );
