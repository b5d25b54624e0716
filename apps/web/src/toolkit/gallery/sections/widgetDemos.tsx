import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_BACKGROUNDS, AVATAR_BORDERS, AVATAR_SIZES, AVATAR_STATUSES, Avatar, dispatchAvatarUpdate } from '../../widgets/Avatar';
import { Icon } from '../../widgets/Icon';
import { LINK_CHOOSER_MODAL_ID, LinkChooserModal } from '../../widgets/LinkChooser';
import { openModal } from '../../widgets/Modal';
import { BUTTON_BACKGROUNDS, BUTTON_SIZES, BUTTON_STYLES, ToolkitButton } from '../../widgets/ToolkitButton';
import { UserGroupAddDialog } from '../../widgets/UserGroupAddDialog';
import { GROUPS, TREE, USERS } from '../fixtures';

/** Avatars in every size, background, border, theme and status, with the popup and an update event. */
export function AvatarDemo() {
  const { t } = useTranslation();
  return (
    <>
      <h3>{t('toolkit.gallery.widgets.avatar')}</h3>
      <div className="gallery__row">
        {AVATAR_SIZES.map((size) => (
          <Avatar key={size} name="Ada Admin" size={size} status={size === 80 ? 'approved' : 'no'} />
        ))}
      </div>
      <div className="gallery__row">
        {AVATAR_BACKGROUNDS.map((bg) => (
          <Avatar key={bg} name={`Bg ${bg}`} backgroundColor={bg} size={40} />
        ))}
        {AVATAR_BORDERS.map((border) => (
          <Avatar key={border} name={`Border ${border}`} border={border} size={40} />
        ))}
        <span className="surface surface--black-90">
          <Avatar name="Dark Theme" theme="dark" backgroundColor="black-10" size={40} />
        </span>
      </div>
      <div className="gallery__row">
        {AVATAR_STATUSES.map((status) => (
          <Avatar key={status} name={`Status ${status}`} status={status} size={40} />
        ))}
        <Avatar name="Broken Image" imageUrl="/no-such-image.png" size={40} />
        <Avatar name="" size={40} />
        <Avatar name="Disabled User" state="disabled" size={40} />
        <Avatar name="Carl Creative" userId={3} showPopup size={40} />
        <ToolkitButton size="small" onPress={() => dispatchAvatarUpdate({ userId: 3, name: 'Carl Renamed' })}>
          {t('toolkit.gallery.updateAvatar')}
        </ToolkitButton>
      </div>
    </>
  );
}

/** Buttons in every style, background and size; disabled and in progress; a press counter. */
export function ButtonDemo() {
  const { t } = useTranslation();
  const [buttonBusy, setButtonBusy] = useState(false);
  const [presses, setPresses] = useState(0);
  return (
    <>
      <h3>{t('toolkit.gallery.widgets.button')}</h3>
      {BUTTON_BACKGROUNDS.map((background) => (
        <div key={background} className={`gallery__row surface surface--${background}`}>
          {BUTTON_STYLES.map((style) => (
            <ToolkitButton key={style} buttonStyle={style} background={background} icon={<Icon name="plus" size="sm" />}>
              {`${style} on ${background}`}
            </ToolkitButton>
          ))}
        </div>
      ))}
      <div className="gallery__row">
        {BUTTON_SIZES.map((size) => (
          <ToolkitButton key={size} size={size} onPress={() => setPresses((p) => p + 1)}>
            {size}
          </ToolkitButton>
        ))}
        <ToolkitButton isDisabled onPress={() => setPresses((p) => p + 1)}>
          {t('toolkit.gallery.disabled')}
        </ToolkitButton>
        <ToolkitButton
          buttonStyle="primary"
          inProgress={buttonBusy}
          icon={<Icon name="check" size="sm" />}
          onPress={() => {
            setPresses((p) => p + 1);
            setButtonBusy(true);
            setTimeout(() => setButtonBusy(false), 1500);
          }}
        >
          {t('toolkit.gallery.inProgress')}
        </ToolkitButton>
        <output aria-live="polite">{t('toolkit.gallery.presses', { count: presses })}</output>
      </div>
    </>
  );
}

/** The user/group add dialog; the chosen selection is shown next to its button. */
export function AddDialogDemo() {
  const { t } = useTranslation();
  const [addOpen, setAddOpen] = useState(false);
  const [added, setAdded] = useState('');
  return (
    <>
      <h3>{t('toolkit.gallery.widgets.addDialog')}</h3>
      <div className="gallery__row">
        <ToolkitButton onPress={() => setAddOpen(true)}>{t('toolkit.gallery.openAddDialog')}</ToolkitButton>
        {added ? <span>{added}</span> : null}
      </div>
      <UserGroupAddDialog
        isOpen={addOpen}
        onOpenChange={setAddOpen}
        users={USERS}
        groups={GROUPS}
        crossAccountGroups
        currentAccountId={1}
        onSubmit={(selection) => setAdded(JSON.stringify(selection))}
      />
    </>
  );
}

/** The link chooser modal; the chosen url is shown next to its button. */
export function LinkChooserDemo() {
  const { t } = useTranslation();
  const [chosenLink, setChosenLink] = useState('');
  return (
    <>
      <h3>{t('toolkit.gallery.widgets.linkChooser')}</h3>
      <div className="gallery__row">
        <ToolkitButton onPress={() => openModal(LINK_CHOOSER_MODAL_ID)}>{t('toolkit.gallery.openLinkChooser')}</ToolkitButton>
        {chosenLink ? <code>{chosenLink}</code> : null}
      </div>
      <LinkChooserModal loadTree={async () => TREE} onChoose={(value) => setChosenLink(value.url)} />
    </>
  );
}
