/**
 * The settings-form toolkit and editor widgets. See README.md in this folder for the
 * contract. Import from here, not from the files inside.
 */
export { RichTextEditor } from './editor/LazyRichTextEditor';
export type { RichTextEditorProps } from './editor/RichTextEditor';
export { TOOLBAR_SETS, type Tool, type ToolbarSet } from './editor/toolbar';
// The folder picker is built with the library browser (toolkit/FolderPicker.tsx); it is part of the toolkit's API.
export { FolderPicker, type FolderPickerProps } from './FolderPicker';
export { type Attachment, AttachmentsSetting, type AttachmentsSettingProps } from './fields/AttachmentsSetting';
export { type ButtonStyle, ButtonStyleSetting } from './fields/ButtonStyleSetting';
export { CheckboxGroupSetting, RadioSetting } from './fields/ChoiceGroupSettings';
export {
  type ChoiceOption,
  ChooserSetting,
  DropdownSetting,
  HeaderSizeSetting,
  PositionSetting,
  RatioSetting,
  RoleSetting,
  ToggleSetting,
} from './fields/ChoiceSettings';
export { ColorListSetting, type Palette } from './fields/ColorListSetting';
export { ColorSwatch, InlineColorPicker } from './fields/ColorPicker';
export { ColorInput, ColorSetting } from './fields/ColorSettings';
export { DateSetting, type DateSettingProps } from './fields/DateSetting';
export { DeleteConfirmation, type DeleteConfirmationProps } from './fields/DeleteConfirmation';
export { EmailChangeSetting, type EmailChangeSettingProps } from './fields/EmailChangeSetting';
export { FrameSetting, HotspotSetting, LogoSetting } from './fields/GeometrySettings';
export { ImageSetting, type ImageSettingProps, type ImageUpload, type ImageValue } from './fields/ImageSetting';
export { LinkSetting, type LinkSettingProps, type TreeNode, TreeSetting } from './fields/LinkSetting';
export { LIST_TEMPLATES, type ListEntry, type ListEntryField, ListSetting, type ListSettingProps } from './fields/ListSetting';
export { BorderSetting, type BorderValue, MeasureSetting } from './fields/MeasureSettings';
export { type MultivalueItem, MultivalueSetting, type MultivalueValue } from './fields/MultivalueSetting';
export { PasswordSetting, type PasswordSettingProps } from './fields/PasswordSetting';
export { RichSnippetSetting, RichTextSetting } from './fields/RichTextSetting';
export { SearchChooserSetting } from './fields/SearchChooserSetting';
export type { FontOption } from './fields/StyleSettings';
export { type FieldOptions, SnippetTextSetting, TextSetting, type TextSettingProps, TimeSetting } from './fields/TextSetting';
export { type TypographyStyle, TypographyStyleSetting } from './fields/TypographyStyleSetting';
export { GroupsSetting, UserCheckboxListSetting, UserGroupListSetting } from './fields/UserSettings';
export { FieldMessage, Setting, SettingDisplay, SettingFrame, type SettingProps } from './setting/Setting';
export { SettingsGroup } from './setting/SettingsGroup';
export { readReply, type SaveMethod, type SaveReply, saveSetting } from './setting/save';
export { type CommitReason, type SettingController, type SettingOptions, type SettingState, useSetting } from './setting/useSetting';
export { Avatar, type AvatarProps, dispatchAvatarUpdate } from './widgets/Avatar';
export { Icon, type IconName } from './widgets/Icon';
export { LinkChooserModal, LinkTree, type LinkTreeDocument, type LinkTreeLoader, type LinkValue } from './widgets/LinkChooser';
export { closeModal, MODAL_OPENED_EVENT, Modal, ModalTrigger, openModal } from './widgets/Modal';
export { FEATURE_UPGRADE_EVENT, FeatureEnableLink, TAB_SWITCHED_EVENT, ToolkitTabs } from './widgets/Tabs';
export { ToolkitButton, type ToolkitButtonProps } from './widgets/ToolkitButton';
export { type PickerGroup, type PickerUserEntry, UserGroupAddDialog } from './widgets/UserGroupAddDialog';
