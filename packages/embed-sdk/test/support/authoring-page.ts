/**
 * A host page on our SDK with Microsoft's powerbi-report-authoring 1.1.3, bundled with
 * `powerbi-client` aliased to our SDK's sources (the npm alias an application installs): the
 * library extends our Page, VisualDescriptor and Report classes as it extends powerbi-client's.
 */
import 'powerbi-report-authoring';
