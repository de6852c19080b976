import { Image, Code, Star } from "lucide-react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/tabs";
import { FaviconTab } from "./favicon-tab";
import { MetaTagsTab } from "./meta-tags-tab";
import { OgGeneratorTab } from "./og-generator-tab";

/** Site Assets CMS: the social image, the favicon set and the meta tags, one tab each. */
export function SiteAssetsPage() {
  return (
    <Tabs defaultValue="og">
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
