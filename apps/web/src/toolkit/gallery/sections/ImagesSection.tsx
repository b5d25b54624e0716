import { useTranslation } from 'react-i18next';
import { AttachmentsSetting } from '../../fields/AttachmentsSetting';
import { ImageSetting } from '../../fields/ImageSetting';
import { SAMPLE_IMAGE } from '../fixtures';
import { type Saved, Section } from '../layout';

/** Images and files. */
export function ImagesSection({ title, saved }: { title: string; saved: Saved }) {
  const { t } = useTranslation();
  return (
    <Section id="images" title={title}>
      <div className="gallery__grid">
        <ImageSetting
          name="keyVisual"
          label={t('toolkit.gallery.samples.keyVisual')}
          value={{ url: SAMPLE_IMAGE, crop: null, ratio: 'original', id: null, file_id: null, width: 1600, height: 900 }}
          maxFileSize={5 * 1024 * 1024}
          onSaved={saved('keyVisual')}
        />
        <ImageSetting
          name="emptyImage"
          label={t('toolkit.gallery.samples.emptyImage')}
          value={{ url: null, crop: null, ratio: 'square' }}
          maxFileSize={1024 * 1024}
          onSaved={saved('emptyImage')}
        />
        <AttachmentsSetting
          label={t('toolkit.gallery.samples.attachmentsCanEdit')}
          canEdit
          value={[
            { id: 1, filename: 'guide.pdf', title: 'Brand guide', extension: 'pdf', filesize_human: '2.1 MB', link: '/files/1' },
            { id: 2, filename: 'logo.zip', title: 'Logo package', extension: 'zip', filesize_human: '14 MB' },
          ]}
        />
        <AttachmentsSetting
          label={t('toolkit.gallery.samples.attachmentsViewOnly')}
          canEdit={false}
          value={[{ id: 3, filename: 'fonts.zip', title: 'Fonts', extension: 'zip' }]}
        />
      </div>
    </Section>
  );
}
