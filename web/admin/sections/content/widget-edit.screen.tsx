import { ResourceEditor } from '../../kit/ResourceEditor.js';
import { widgetFields, widgets, type Widget } from './widget.resource.js';

export function Component() {
  return (
    <ResourceEditor<Widget>
      resource={widgets}
      fields={widgetFields}
      title={(widget) => widget.name}
      deleteWarning={(widget) => `Pages that show “${widget.name}” will show nothing in its place.`}
    />
  );
}
