import { Image, Code, Star } from "lucide-react";
import { Badge } from "#client/ui/badge.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/ui/tabs.tsx";
import { FaviconTab } from "./favicon-tab";
import { MetaTagsTab } from "./meta-tags-tab";
import { OgGeneratorTab } from "./og-generator-tab";

/** The version label the page shows. */
const SITE_ASSETS_VERSION = "v3.3-debug-serve";

/** Site Assets CMS: the social image, the favicon set and the meta tags, one tab each. */
export function SiteAssetsPage() {
  return (
    <Tabs defaultValue="og">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <TabsList aria-label="Site assets" className="flex-wrap">
          <TabsTrigger value="og">
            <Image aria-hidden /> OG Generator
          </TabsTrigger>
          <TabsTrigger value="favicon">
            <Star aria-hidden /> Favicon
          </TabsTrigger>
          <TabsTrigger value="meta">
            <Code aria-hidden /> Meta Tags
          </TabsTrigger>
        </TabsList>
        <Badge variant="neutral">{SITE_ASSETS_VERSION}</Badge>
      </div>
      <TabsContent value="og">
        <OgGeneratorTab />
      </TabsContent>
      <TabsContent value="favicon">
        <FaviconTab />
      </TabsContent>
      <TabsContent value="meta">
        <MetaTagsTab />
      </TabsContent>
    </Tabs>
  );
}
