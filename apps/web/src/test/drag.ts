import { fireEvent } from '@testing-library/react';

/**
 * jsdom has no DataTransfer. This one keeps what a drag start writes (strings by type, or files) so that the same
 * object, passed to every event of one drag, carries it to the drop, as the browser's does.
 */
export class FakeDataTransfer {
  dropEffect = 'none';
  effectAllowed = 'all';
  readonly files: File[];
  private readonly strings = new Map<string, string>();

  constructor(files: File[] = []) {
    this.files = files;
  }

  get types(): string[] {
    return [...this.strings.keys(), ...(this.files.length > 0 ? ['Files'] : [])];
  }

  get items() {
    const entries = [
      ...[...this.strings.keys()].map((type) => ({ kind: 'string' as const, type, getAsFile: () => null })),
      ...this.files.map((file) => ({ kind: 'file' as const, type: file.type, getAsFile: () => file })),
    ];
    return {
      length: entries.length,
      add: (data: string, type: string) => {
        this.strings.set(type, data);
      },
      [Symbol.iterator]: () => entries[Symbol.iterator](),
    };
  }

  getData(type: string): string {
    return this.strings.get(type) ?? '';
  }

  setData(type: string, value: string) {
    this.strings.set(type, value);
  }

  clearData() {
    this.strings.clear();
  }

  setDragImage() {}
}

/** A drag from `source` to `target` and a drop there, as the browser fires it; returns the data transfer. */
export function dragAndDrop(source: Element, target: Element, dataTransfer = new FakeDataTransfer()): FakeDataTransfer {
  fireEvent.dragStart(source, { dataTransfer, clientX: 1, clientY: 1 });
  dragOver(target, dataTransfer);
  fireEvent.drop(target, { dataTransfer, clientX: 5, clientY: 5 });
  fireEvent.dragEnd(source, { dataTransfer, clientX: 5, clientY: 5 });
  return dataTransfer;
}

/** The pointer entering and moving over `target` during a drag. */
export function dragOver(target: Element, dataTransfer: FakeDataTransfer) {
  fireEvent.dragEnter(target, { dataTransfer, clientX: 4, clientY: 4 });
  fireEvent.dragOver(target, { dataTransfer, clientX: 5, clientY: 5 });
}
